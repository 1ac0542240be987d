import { act, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { ConsentOracle, type ConsentStimulus, type ConsentView } from '../../machine-paths/consent/oracle';
import { acceptedBefore, CONSENT_CALLS, consentStimuli } from '../../machine-paths/consent/stimuli';
import { flowPaths } from '../../machine-paths/paths';
import { machines } from '../../machine-paths/registry';
import type { HeldNetwork } from '../support/api-calls';
import { domAgreement } from '../support/dom-agreement';
import { consentScreen } from '../support/flow-screens';
import { ok, refused, type ServerReply } from '../support/oracle';
import { type FlowPage, pathOnPage, walksOnPage } from '../support/page-runs';
import type { PathDriver } from '../support/path-runner';
import { WalkStep } from '../support/walks';

const entry = machines.find((m) => m.id === 'consent')!;
const jar = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;

/** A browser whose settings refuse this site's cookies: writes are dropped, reads still work. */
function blockCookies(blocked: boolean) {
  if (blocked)
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => jar.get!.call(document),
      set: () => {},
    });
  else delete (document as { cookie?: string }).cookie;
}

function consentOnPage({
  network,
  user,
}: {
  network: HeldNetwork;
  user: UserEvent;
}): PathDriver<ConsentStimulus, ConsentView> {
  return {
    async act(s) {
      if (s.kind === 'cookies') blockCookies(s.blocked);
      else if (s.kind === 'accept') await user.click(screen.getByRole('button', { name: '同意' }));
      else await act(() => network.reply(s.call, s.reply));
    },
    wait: async () => {},
    view: async () => consentScreen(),
    sent: () => network.sent().filter((r) => (CONSENT_CALLS as readonly string[]).includes(r.call)),
  };
}

const CONSENT_PAGE: FlowPage<ConsentStimulus, ConsentView> = {
  machineId: entry.id,
  path: '/',
  calls: CONSENT_CALLS,
  agree: domAgreement((v) => v),
  driver: consentOnPage,
  before: (acceptedBefore) => {
    if (acceptedBefore) document.cookie = 'OI_Privacy_CHECK=Y; path=/';
  },
  after: () => {
    blockCookies(false);
    document.cookie = 'OI_Privacy_CHECK=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  },
};

describe('consent paths on the rendered app, against the consent oracle', () => {
  for (const path of flowPaths(entry)) {
    const before = acceptedBefore(path.steps);
    it(path.description, () =>
      pathOnPage(CONSENT_PAGE, path, consentStimuli, new ConsentOracle(before), before),
    );
  }
});

type Step = WalkStep<ConsentOracle, ConsentStimulus, ConsentView>;

const CONSENT_WALK: fc.Arbitrary<Step>[] = [
  fc.boolean().map(
    (blocked): Step =>
      new WalkStep(
        blocked ? 'browser blocks cookies' : 'browser allows cookies',
        () => true,
        () => ({
          kind: 'cookies',
          blocked,
        }),
      ),
  ),
  fc.constant(
    new WalkStep(
      '同意',
      (o) => o.view().acceptEnabled,
      () => ({ kind: 'accept' }),
    ),
  ),
  fc
    .constantFrom<[string, ServerReply]>(
      ['recorded', ok(null)],
      ['refused', refused(null, '系統忙碌中，請稍後再試')],
      ['network down', 'network-error'],
    )
    .map(
      ([label, reply]): Step =>
        new WalkStep(
          `consent/accept ← ${label}`,
          (o) => o.awaitsRecord,
          () => ({
            kind: 'reply',
            call: 'consent/accept',
            reply,
          }),
        ),
    ),
];

describe('random walks of a visitor on the rendered app, against the consent oracle', () => {
  it(
    'agrees with the oracle after every action and answer',
    () =>
      walksOnPage(CONSENT_PAGE, CONSENT_WALK, (before) => new ConsentOracle(before), {
        maxCommands: 20,
        numRuns: 20,
      }),
    120_000,
  );
});
