import type { DescribedTransition } from '../../atlas-engine/machine-comparison';
import { describeMachine } from '../../atlas-engine/machine-description';
import * as graphModule from '../../atlas-engine/machine-graph';
import type { ReleaseBaseline } from '../../atlas-engine/release-changes';
import { machines } from '../../machine-paths/registry';

/*
 * A release baseline for the atlas's 自發布以來的變更, in place of machine-paths/release.json: today's
 * machines as atlas:release describes them, but the cart as it was in a made-up earlier release, and a
 * machine since retired. Since that release the cart:
 *   - added   the transition ready —cart.refresh→ reloading (the release had none),
 *   - changed the guard of ready —cart.add→ adding from hadRoom to hasRoom,
 *   - removed the state archived and the transition ready —cart.archive→ archived.
 * Every other registered machine is as released.
 */

export const RELEASE_VERSION = '0.0.9';
export const RELEASE_COMMIT = 'abcdef0123456789abcdef0123456789abcdef01';

export function releaseFixture(): ReleaseBaseline {
  const described = machines.map((entry) => describeMachine(entry, graphModule));
  const cart = described.find((m) => m.id === 'cart')!;
  const archive: DescribedTransition = {
    key: 'cart.ready|cart.archive|0',
    source: 'cart.ready',
    event: 'cart.archive',
    index: 0,
    eventType: 'cart.archive',
    label: 'cart.archive',
    targets: ['cart.archived'],
    actions: [],
  };
  const released = {
    ...cart,
    states: [
      ...cart.states,
      {
        id: 'cart.archived',
        parent: 'cart',
        key: 'archived',
        kind: 'atomic' as const,
        initial: false,
        invokes: [],
      },
    ],
    transitions: [
      ...cart.transitions
        .filter((t) => t.key !== 'cart.ready|cart.refresh|0')
        .map((t) => (t.key === 'cart.ready|cart.add|0' ? { ...t, guard: 'hadRoom' } : t)),
      archive,
    ],
  };
  const retired = {
    id: 'legacy',
    title: '舊流程',
    states: [
      { id: 'legacy', parent: null, key: 'legacy', kind: 'compound' as const, initial: false, invokes: [] },
    ],
    transitions: [],
  };
  return {
    version: RELEASE_VERSION,
    commit: RELEASE_COMMIT,
    machines: [...described.map((m) => (m.id === 'cart' ? released : m)), retired],
  };
}
