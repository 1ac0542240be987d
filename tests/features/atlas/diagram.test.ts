import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { type Box, type Layout, layoutMachine } from '../../../atlas-engine/layout';
import { machines } from '../../../machine-paths/registry';

/*
 * Every machine of the registry is drawn from its definition: the states and transitions drawn are counted
 * against xstate's own graph of the machine (getStateNodes and each node's declared transitions), and the
 * drawing is readable: every state inside its parent, every transition a line, no two labels on each other.
 */

const layouts = new Map<string, Layout>();
const layoutOf = async (id: string) => {
  const entry = machines.find((m) => m.id === id)!;
  if (!layouts.has(id)) layouts.set(id, await layoutMachine(entry.machine));
  return layouts.get(id)!;
};

const declared = (node: AnyStateNode) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])];

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe.each(machines.map((m) => [m.id, m] as const))('the %s machine drawn', (id, entry) => {
  it('draws each of its states once, and each declared transition', async () => {
    const layout = await layoutOf(id);
    const nodes = getStateNodes(entry.machine.root);
    expect(layout.states.map((s) => s.state.id).sort()).toEqual(nodes.map((n) => n.id).sort());
    const transitions = [entry.machine.root, ...nodes].flatMap(declared);
    expect(new Set(layout.graph.edges.map((e) => e.transition))).toEqual(new Set(transitions));
    const drawn = new Set(layout.edges.filter((e) => !e.initial && e.points.length >= 2).map((e) => e.id));
    expect(drawn).toEqual(new Set(layout.graph.edges.map((e) => e.id)));
  });

  it('puts every state inside its parent and marks each compound state’s initial child', async () => {
    const layout = await layoutOf(id);
    const byId = new Map(layout.states.map((s) => [s.state.id, s]));
    for (const laid of layout.states)
      for (const child of laid.state.children) {
        const inner = byId.get(child.id)!;
        expect(inner.x).toBeGreaterThanOrEqual(laid.x);
        expect(inner.y).toBeGreaterThanOrEqual(laid.y);
        expect(inner.x + inner.width).toBeLessThanOrEqual(laid.x + laid.width);
        expect(inner.y + inner.height).toBeLessThanOrEqual(laid.y + laid.height);
      }
    const compounds = [entry.machine.root, ...getStateNodes(entry.machine.root)].filter(
      (n) => n.type === 'compound',
    );
    expect(layout.initialDots).toHaveLength(compounds.length);
  });

  it('keeps every transition label off the others and off the states', async () => {
    const layout = await layoutOf(id);
    const labels = layout.edges.flatMap((e) => (e.labelBox ? [{ id: e.id, box: e.labelBox }] : []));
    expect(labels).toHaveLength(layout.graph.edges.length);
    labels.push(...layout.choices.map((c) => ({ id: c.id, box: c.trunk.labelBox! })));
    for (const [i, a] of labels.entries())
      for (const b of labels.slice(i + 1)) expect(overlaps(a.box, b.box), `${a.id} over ${b.id}`).toBe(false);
    for (const label of labels)
      for (const state of layout.states.filter((s) => s.state.children.length === 0))
        expect(overlaps(label.box, state), `${label.id} over ${state.state.id}`).toBe(false);
  });
});

describe('one event’s guarded transitions drawn as statecharts draw them', () => {
  const near = (p: { x: number; y: number }, box: Box) =>
    p.x >= box.x - 1 && p.x <= box.x + box.width + 1 && p.y >= box.y - 1 && p.y <= box.y + box.height + 1;

  it('draws the cart’s insertCartItem failure as one line to a choice point that splits by guard', async () => {
    const layout = await layoutOf('cart');
    const choice = layout.choices.find(
      (c) => c.id === 'cart.adding|xstate.error.actor.insertCartItem::choice',
    )!;
    const adding = layout.states.find((s) => s.state.id === 'cart.adding')!;
    expect(choice.trunk.label).toBe('error: insertCartItem');
    expect(near(choice.trunk.points[0]!, adding)).toBe(true);
    expect(near(choice.trunk.points.at(-1)!, choice.box)).toBe(true);
    const branches = layout.edges.filter((e) => e.via === choice.id);
    expect(branches.map((e) => e.label).sort()).toEqual(['[isCartFull]', '[isItemError]', 'else']);
    expect(branches.map((e) => e.id).sort()).toEqual([...choice.edgeIds].sort());
    for (const branch of branches) expect(near(branch.points[0]!, choice.box)).toBe(true);
  });

  it('draws a transition alone on its event without a choice point', async () => {
    const layout = await layoutOf('cart');
    const retry = layout.edges.find((e) => e.id.startsWith('cart.loadFailed|cart.retry|'))!;
    expect(retry.via).toBeUndefined();
    expect(retry.label).toBe('cart.retry');
  });
});

describe('the session machine drawn (docs/specification.md §4)', () => {
  it('labels its delays with their length: the reminder 1440 s after the start, the end 300 s after that', async () => {
    const labels = (await layoutOf('session')).edges.map((e) => e.label);
    expect(labels).toContain('after remindAfter (1440 s)');
    expect(labels).toContain('after endAfter (300 s)');
  });

  it('names the actor each invoking state runs, on a line under "invoke"', async () => {
    const states = (await layoutOf('session')).states;
    expect(states.find((s) => s.state.key === 'starting')?.lines).toEqual([
      'starting',
      'invoke',
      'startSession',
    ]);
    expect(states.find((s) => s.state.key === 'ending')?.lines).toEqual(['ending', 'invoke', 'endSession']);
  });
});

describe('a transition label on narrow lines', () => {
  it('breaks a long line after a dot or before a capital, joining the parts that fit', async () => {
    const { labelLines } = await import('../../../atlas-engine/layout');
    expect(labelLines('application.submit [canSubmit]')).toEqual([
      'application.',
      'submit',
      '[can',
      'Submit]',
    ]);
    expect(labelLines('done: findApplication')).toEqual(['done:', 'find', 'Application']);
    expect(labelLines('cart.add')).toEqual(['cart.add']);
    expect(labelLines('else')).toEqual(['else']);
  });
});
