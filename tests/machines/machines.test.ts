import { describe, expect, it } from 'vitest';
import { machines } from '../../machines/registry';
import { coverageOf, flowPaths, replayOnMachine } from '../support/flow-model';

describe.each(machines)('$id machine', (entry) => {
  it('has a generated path through every declared transition', () => {
    expect(coverageOf(entry).uncovered).toEqual([]);
  });

  for (const path of flowPaths(entry)) {
    it(`replays ${path.description}`, async () => {
      for (const { expected, actual } of await replayOnMachine(entry, path)) expect(actual).toEqual(expected);
    });
  }
});
