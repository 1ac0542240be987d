import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { machines } from '../../../machine-paths/registry';
import { diagramFigures } from '../../../scripts/atlas-figures/diagram-figures';

/*
 * Issue 37's goals for the committed diagrams (docs/machines/*.svg), measured on the files themselves: no
 * forward transition drawn right to left, no line through a state, no label on another or on a state, and
 * lines on average at most half as long as those of the diagrams the issue measured.
 */

/**
 * Each diagram's mean line before issue 37's layout (`npm run atlas:figures` on a6b0a4e; outbox-message, added
 * later, on 80bf937, the last commit drawn by the old layout), px rounded down.
 */
const BEFORE: Record<string, number> = {
  consent: 409,
  cart: 636,
  session: 446,
  shopcart: 1046,
  tryout: 928,
  overprint: 667,
  contact: 342,
  application: 639,
  'contact-message': 348,
  'outbox-message': 451,
};

const figuresOf = (entry: (typeof machines)[number]) =>
  diagramFigures(readFileSync(`docs/machines/${entry.id}.svg`, 'utf8'), entry.machine);

describe.each(machines.map((m) => [m.id, m] as const))('the %s diagram', (id, entry) => {
  it('draws every forward transition left to right, through no state, its labels apart', () => {
    const figures = figuresOf(entry);
    expect(figures.forward).toBeGreaterThan(0);
    expect(figures.backward).toBe(0);
    expect(figures.throughState).toBe(0);
    expect(figures.labelOverlaps).toBe(0);
  });

  it('draws lines on average shorter than before', () => {
    expect(figuresOf(entry).meanLength).toBeLessThan(BEFORE[id]!);
  });

  it('draws lines on average at most half as long as before', () => {
    expect(figuresOf(entry).meanLength).toBeLessThanOrEqual(BEFORE[id]! / 2);
  });
});
