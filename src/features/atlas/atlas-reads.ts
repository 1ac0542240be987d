import { changesSinceRelease, readRelease } from '../../../atlas-engine/release-changes';
import { machines } from '../../../machine-paths/registry';
import releaseUrl from '../../../machine-paths/release.json?url';
import type { Journey, JourneysPage, TestRuns, Traffic } from '../../domain/api/atlas';
import { TRACED_MACHINES } from '../../domain/trace';
import type { AtlasDeps } from '../../screens/staff/atlas';
import { atlasApi } from './atlas-api';
import { journeysListOf, periodOf } from './atlas-links';
import type { SinceRelease } from './release-panel';

/*
 * What the atlas's route reads for the view its address shows (the route's loader): the last test report,
 * a machine's traffic, 訪客旅程's list or one journey, the release the build was made from. A refusal of the
 * server is kept as the view's answer, which the view shows in its place (with another try); the atlas
 * around it stays.
 */

/** A read's answer, or why there is none. */
export type Read<T> = { value: T; error?: undefined } | { value?: undefined; error: unknown };

const settle = <T>(read: Promise<T>): Promise<Read<T>> =>
  read.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

export interface AtlasData {
  /** the last test report (測試路徑, 流量與測試) */
  runs?: TestRuns;
  /** the machine's traffic in the period (訪客流量, 流量與測試 of a traced machine) */
  traffic?: Read<Traffic>;
  /** 訪客旅程's list */
  journeys?: Read<JourneysPage>;
  /** one visitor's journey */
  journey?: Read<Journey>;
  /** the release and every machine compared with it (自發布以來的變更); 'failed' when it cannot be read */
  since?: SinceRelease | 'failed';
}

const NO_REPORT: TestRuns = { recordedAt: null, levels: {} };
const traced = (id: string) => (TRACED_MACHINES as readonly string[]).includes(id);
const machineOf = (id: string) => (machines.find((m) => m.id === id) ?? machines[0]!).id;

const testRuns = () => atlasApi.testRuns().catch(() => NO_REPORT);

async function sinceRelease(): Promise<SinceRelease | 'failed'> {
  try {
    const response = await fetch(releaseUrl);
    if (!response.ok) throw new Error(`${response.status}`);
    const release = readRelease(await response.json());
    return { release, diffs: changesSinceRelease(release, machines) };
  } catch {
    return 'failed';
  }
}

export async function readAtlas(deps: AtlasDeps): Promise<AtlasData> {
  switch (deps.view) {
    case 'tests':
      return { runs: await testRuns() };
    case 'traffic':
    case 'coverage': {
      const machine = machineOf(deps.machine);
      const period = periodOf(deps);
      const traffic =
        deps.view === 'traffic' || traced(machine)
          ? settle(atlasApi.traffic({ machine: machine as Traffic['machine'], ...period }))
          : undefined;
      const [runs, answer] = await Promise.all([deps.view === 'coverage' ? testRuns() : undefined, traffic]);
      return { runs, traffic: answer };
    }
    case 'journey':
      return { journey: await settle(atlasApi.journey(deps.visitor)) };
    case 'journeys': {
      const query = journeysListOf(deps);
      const asked: Record<string, string> = { from: query.from, to: query.to };
      if (traced(query.flow)) asked.machine = query.flow;
      if (query.page > 1) asked.page = String(query.page);
      return { journeys: await settle(atlasApi.journeys(asked)) };
    }
    case 'release':
      return { since: await sinceRelease() };
    default:
      return {};
  }
}
