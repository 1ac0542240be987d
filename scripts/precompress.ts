import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Writes .br and .gz beside every text file of the client build, once, at build time; the server sends
// them to browsers that accept them (@fastify/static preCompressed), so no request pays for compression.
const CLIENT_DIR = 'dist/client';
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const MIN_BYTES = 512;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
for (const file of files(CLIENT_DIR)) {
  if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
  const body = readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} files in ${CLIENT_DIR}`);
