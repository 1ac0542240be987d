import { describe, expect, it } from 'vitest';
import { stateAndAncestors, stateString } from '../../src/domain/trace';

describe('the state strings of a trace', () => {
  it('writes a state value as its leaf paths, the regions of a parallel state joined with |', () => {
    expect(stateString('idle')).toBe('idle');
    expect(stateString({ step2: 'editing' })).toBe('step2.editing');
    expect(stateString({ active: { timer: 'running', banner: 'hidden' } })).toBe(
      'active.timer.running|active.banner.hidden',
    );
    expect(stateString({ a: { b: { c: 'd' } }, e: 'f' })).toBe('a.b.c.d|e.f');
    // a region without a child state is written by its key alone
    expect(stateString({ done: {} })).toBe('done');
  });

  it('writes nothing for what is no state value', () => {
    expect(stateString(undefined)).toBe('');
    expect(stateString(null)).toBe('');
    expect(stateString(3)).toBe('');
  });

  it('lists a state and every ancestor once, in the order they are named', () => {
    expect(stateAndAncestors('step2.editing')).toEqual(['step2', 'step2.editing']);
    expect(stateAndAncestors('active.timer.running|active.banner.hidden')).toEqual([
      'active',
      'active.timer',
      'active.timer.running',
      'active.banner',
      'active.banner.hidden',
    ]);
    expect(stateAndAncestors('idle')).toEqual(['idle']);
  });
});
