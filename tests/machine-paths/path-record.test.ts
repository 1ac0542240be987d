import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FlowPath } from '../../machine-paths/paths';
import { newRunId, passedPaths, runRecord } from '../support/path-record';

/*
 * Issue 45: the record of passed paths per level, which `npm run machines:coverage` reads, belongs to the
 * run that wrote it. A partial run (one folder of tests, which runs no machine's paths, or one machine's
 * file) forgets nothing it did not record again: after a full run then any partial one, every machine's
 * record is that of the latest run that tried its paths.
 */

const pathOf = (key: string) => ({ key }) as FlowPath;
const run = (minute: number) => newRunId(new Date(Date.UTC(2026, 4, 1, 9, minute)));

describe('the record of passed paths', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'groupins-path-runs-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A full run: machines X and Y on the machine level, X in jsdom. */
  const fullRun = () => {
    const record = runRecord(run(0), dir);
    record('machine', 'x', pathOf('x1'));
    record('machine', 'x', pathOf('x2'));
    record('machine', 'y', pathOf('y1'));
    record('machine', 'y', pathOf('y2'));
    record('jsdom', 'x', pathOf('x1'));
  };
  const recorded = () => ({
    machineX: [...passedPaths('machine', 'x', dir)].sort(),
    machineY: [...passedPaths('machine', 'y', dir)].sort(),
    jsdomX: [...passedPaths('jsdom', 'x', dir)].sort(),
  });
  const FULL = { machineX: ['x1', 'x2'], machineY: ['y1', 'y2'], jsdomX: ['x1'] };

  it('reads nothing before any run', () => {
    expect(recorded()).toEqual({ machineX: [], machineY: [], jsdomX: [] });
  });

  it('keeps a full run’s record after a later run that records nothing', () => {
    fullRun();
    runRecord(run(1), dir);
    expect(recorded()).toEqual(FULL);
  });

  it('replaces only what a later run records again: its machine on its level', () => {
    fullRun();
    runRecord(run(1), dir)('machine', 'x', pathOf('x2'));
    expect(recorded()).toEqual({ ...FULL, machineX: ['x2'] });
  });

  it('keeps every note of one run, from each of its workers', () => {
    fullRun();
    const [first, second] = [runRecord(run(1), dir), runRecord(run(1), dir)];
    first('machine', 'y', pathOf('y1'));
    second('machine', 'y', pathOf('y3'));
    first('machine', 'y', pathOf('y2'));
    expect(recorded()).toEqual({ ...FULL, machineY: ['y1', 'y2', 'y3'] });
  });

  it('reads the latest run’s record when an earlier run is still writing', () => {
    const [earlier, later] = [runRecord(run(1), dir), runRecord(run(2), dir)];
    earlier('machine', 'x', pathOf('x1'));
    later('machine', 'x', pathOf('x2'));
    earlier('machine', 'x', pathOf('x3'));
    expect(recorded().machineX).toEqual(['x2']);
  });

  it('names runs so that a later one sorts after an earlier one', () => {
    const ids = [
      '2026-05-01T09:59:59.999Z',
      '2026-05-01T10:00:00.000Z',
      '2026-12-31T23:59:59.999Z',
      '2027-01-01T00:00:00.000Z',
    ].map((at) => newRunId(new Date(at)));
    expect([...ids].reverse().sort()).toEqual(ids);
  });
});
