import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const CONFIG = join(ROOT, 'src/server/config.ts');

/** Every source file `file` reaches through its relative imports (type-only ones too), itself included. */
function importGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, specifier] of source.matchAll(
    /(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\s+'([^']+)'/g,
  )) {
    if (!specifier?.startsWith('.')) continue;
    const base = resolve(dirname(file), specifier);
    const found = ['.ts', '.tsx', '/index.ts'].map((end) => base + end).find(existsSync);
    if (found) importGraph(found, seen);
  }
  return seen;
}

describe('src/server/config.ts', () => {
  it('imports no module of the server, directly or through another, so reading it loads no driver', () => {
    const reached = [...importGraph(CONFIG)].map((file) => relative(ROOT, file));
    expect(
      reached.filter((file) => file.startsWith('src/server/') && file !== 'src/server/config.ts'),
    ).toEqual([]);
  });

  it('finds what a module of the server would bring in', () => {
    const reached = [...importGraph(join(ROOT, 'src/server/server.ts'))].map((file) => relative(ROOT, file));
    expect(reached).toContain('src/server/db/database.ts');
  });
});
