import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { withoutStateDescriptions } from '../../scripts/vite/without-state-descriptions';

// The visitors' build drops the states' descriptions (they are the atlas's) and nothing else of a machine.
const plugin = withoutStateDescriptions();
const transform = (code: string, id: string) =>
  (plugin.transform as (code: string, id: string) => { code: string } | null).call(
    { parse: (source: string) => parseAst(source, { lang: 'ts' }) },
    code,
    id,
  );

const MACHINES = readdirSync('machines').filter((file) => file.endsWith('.machine.ts'));

describe('the visitors’ machines without state descriptions', () => {
  it.each(MACHINES)('%s: every description is gone, the rest of the machine as written', (file) => {
    const id = path.resolve('machines', file);
    const source = readFileSync(id, 'utf8');
    // each description as the machines write it: one string, on its line or the next
    const written = [...source.matchAll(/description:\s*('(?:[^'\\]|\\.)*')/g)];
    const stripped = transform(source, id)!.code;
    for (const [, text] of written) expect(stripped).not.toContain(text);
    let expected = source;
    for (const [whole, text] of written) expected = expected.replace(whole, whole.replace(text!, 'void 0'));
    expect(stripped).toBe(expected);
  });

  it('finds descriptions to drop, and leaves a file that is no machine alone', () => {
    expect(readFileSync('machines/cart.machine.ts', 'utf8')).toContain("description: 'The cart-full dialog");
    expect(transform("const a = { description: 'kept' };", path.resolve('machines/unbound.ts'))).toBeNull();
  });
});
