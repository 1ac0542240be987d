/*
 * The trace the visitor flows send the atlas: which transitions visitors took, never what they typed. A state
 * is written as its leaf paths, `step2.editing`; the regions of a parallel state are joined with `|`
 * (`active.timer.running|active.banner.hidden`). No yup here: the trace recorder loads on every page.
 */

/** The machines whose transitions the visitor flows record (the ids of machine-paths/registry.ts). */
export const TRACED_MACHINES = [
  'consent',
  'cart',
  'session',
  'shopcart',
  'tryout',
  'overprint',
  'contact',
] as const;
export type TracedMachine = (typeof TRACED_MACHINES)[number];

/** Steps one trace request may carry; the client sends a batch when it has this many, or sooner. */
export const TRACE_BATCH_MAX = 50;
/** How old a step may be when it arrives (a tab left hidden sends its batch when it closes). */
export const TRACE_AGE_MAX_MS = 24 * 3600 * 1000;

/** Every state and ancestor a state string names: `a.b|c.d` → a, a.b, c, c.d. */
export function stateAndAncestors(state: string): string[] {
  const found = new Set<string>();
  for (const leaf of state.split('|')) {
    const parts = leaf.split('.');
    for (let i = 1; i <= parts.length; i++) found.add(parts.slice(0, i).join('.'));
  }
  return [...found];
}

/** The state string of an XState state value (`{ step2: 'editing' }` → `step2.editing`). */
export function stateString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return '';
  return Object.entries(value as Record<string, unknown>)
    .map(([key, child]) => {
      const inner = stateString(child);
      return inner === ''
        ? key
        : inner
            .split('|')
            .map((leaf) => `${key}.${leaf}`)
            .join('|');
    })
    .join('|');
}
