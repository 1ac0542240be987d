import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { afterEach, describe, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { machines } from '../../machines/registry';
import { advanceClock } from '../support/advance-clock';
import type { HeldNetwork } from '../support/api-calls';
import { domAgreement, withDialogText } from '../support/dom-agreement';
import { flowPaths } from '../support/flow-model';
import { sessionScreen } from '../support/flow-screens';
import { SESSION_CALLS, SESSION_START, serverSession, sessionStimuli } from '../support/flows/session.flow';
import { heldNetwork } from '../support/held-network';
import { ok, refused, type ServerReply } from '../support/oracles/oracle';
import { SessionOracle, type SessionStimulus, type SessionView } from '../support/oracles/session.oracle';
import { recordPassedPath } from '../support/path-record';
import { type PathDriver, runPath } from '../support/path-runner';
import { openPage } from '../support/visitor-page';
import { WalkStep } from '../support/walks';

const entry = machines.find((m) => m.id === 'session')!;
const FLOW_KEY = 'groupins.flow.shopcart';

function sessionOnPage(
  network: HeldNetwork,
  user: UserEvent,
  clock: SimulatedClock,
  history: { location: { pathname: string } },
): PathDriver<SessionStimulus, SessionView> {
  return {
    async act(s) {
      switch (s.kind) {
        case 'navigate':
          await user.click(
            within(screen.getByRole('navigation', { name: '主選單' })).getAllByRole('link', {
              name: s.link,
            })[0]!,
          );
          return;
        case 'continue':
          await user.click(screen.getByRole('button', { name: '繼續使用' }));
          return;
        case 'confirmEnd':
          await user.click(screen.getByRole('button', { name: '確定' }));
          return;
        case 'reply':
          await act(() => network.reply(s.call, s.reply));
          // what is due at once (a session the server says is already old) comes as the answer arrives
          act(() => advanceClock(clock, 0));
          return;
        case 'wait':
          act(() => advanceClock(clock, s.ms));
      }
    },
    wait: async (ms) => act(() => advanceClock(clock, ms)),
    view: async () =>
      ({
        at: history.location.pathname.replace(/^\/groupins/, '') || '/',
        ...sessionScreen(),
      }) as SessionView,
    sent: () => network.sent().filter((r) => (SESSION_CALLS as readonly string[]).includes(r.call)),
  };
}

describe('session paths on the rendered app, against the session oracle', () => {
  let network: HeldNetwork | undefined;
  afterEach(() => network?.close());

  for (const path of flowPaths(entry)) {
    it(path.description, async () => {
      network = heldNetwork(SESSION_CALLS);
      sessionStorage.setItem(FLOW_KEY, '{}');
      const clock = new SimulatedClock();
      const user = userEvent.setup();
      const page = await openPage(SESSION_START, { clock });
      await screen.findByRole('heading', { level: 1 });
      await runPath(
        path,
        sessionStimuli,
        new SessionOracle(SESSION_START),
        sessionOnPage(network, user, clock, page.history),
        domAgreement(withDialogText),
        SESSION_CALLS,
      );
      page.stop();
      recordPassedPath('jsdom', entry.id, path);
    });
  }
});

type Step = WalkStep<SessionOracle, SessionStimulus, SessionView>;
const act_ = (
  label: string,
  possible: (o: SessionOracle) => boolean,
  s: SessionStimulus,
): fc.Arbitrary<Step> => fc.constant(new WalkStep(label, possible, () => s));

/** addSession answers: the server's times (any the operator may set) and how old the session already is. */
const sessionAnswer = fc
  .record({
    remindSeconds: fc.integer({ min: 60, max: 1440 }),
    extra: fc.integer({ min: 60, max: 600 }),
    elapsedSeconds: fc.integer({ min: 0, max: 2000 }),
  })
  .map(({ remindSeconds, extra, elapsedSeconds }): [string, ServerReply] => [
    `remind ${remindSeconds} s, end ${remindSeconds + extra} s, ${elapsedSeconds} s old`,
    ok(serverSession({ remindSeconds, endSeconds: remindSeconds + extra, elapsedSeconds })),
  ]);
const failure = fc.constantFrom<[string, ServerReply]>(
  ['refused', refused(null, '系統忙碌中，請稍後再試')],
  ['network down', 'network-error'],
);
const answer = (call: 'addSession' | 'cleanSession', replies: fc.Arbitrary<[string, ServerReply]>) =>
  replies.map(
    ([label, reply]): Step =>
      new WalkStep(
        `${call} ← ${label}`,
        (o) => o.awaits(call),
        () => ({ kind: 'reply', call, reply }),
      ),
  );
const onPage = (o: SessionOracle) => o.shows === 'page' || o.shows === 'nothing yet';

const SESSION_WALK: fc.Arbitrary<Step>[] = [
  act_('保費試算', onPage, { kind: 'navigate', link: '保費試算', to: '/tryout/STEP1' }),
  act_('常見問題', onPage, { kind: 'navigate', link: '常見問題', to: '/question' }),
  act_('繼續使用', (o) => o.shows === 'reminder', { kind: 'continue' }),
  act_('確定', (o) => o.shows === 'end', { kind: 'confirmEnd' }),
  fc.integer({ min: 1, max: 2_000_000 }).map(
    (ms): Step =>
      new WalkStep(
        `wait ${ms} ms`,
        () => true,
        () => ({ kind: 'wait', ms }),
      ),
  ),
  answer('addSession', fc.oneof(sessionAnswer, failure)),
  answer('cleanSession', fc.oneof(fc.constant<[string, ServerReply]>(['ended', ok(null)]), failure)),
];

describe('random walks of a visitor on the rendered app, against the session oracle', () => {
  it('agrees with the oracle after every action, answer and wait', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(SESSION_WALK, { maxCommands: 40, size: 'max' }), async (steps) => {
        const network = heldNetwork(SESSION_CALLS);
        sessionStorage.setItem(FLOW_KEY, '{}');
        const clock = new SimulatedClock();
        const user = userEvent.setup();
        try {
          const page = await openPage(SESSION_START, { clock });
          await screen.findByRole('heading', { level: 1 });
          await fc.asyncModelRun(
            () => ({
              model: new SessionOracle(SESSION_START),
              real: {
                driver: sessionOnPage(network, user, clock, page.history),
                agree: domAgreement(withDialogText),
                calls: SESSION_CALLS,
              },
            }),
            steps,
          );
          page.stop();
        } finally {
          cleanup();
          network.close();
          sessionStorage.clear();
        }
      }),
      { numRuns: 20 },
    );
  }, 240_000);
});
