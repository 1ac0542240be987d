import { act, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import type { SimulatedClock } from 'xstate';
import { flowPaths } from '../../machine-paths/paths';
import { machines } from '../../machine-paths/registry';
import { SessionOracle, type SessionStimulus, type SessionView } from '../../machine-paths/session/oracle';
import {
  SESSION_CALLS,
  SESSION_START,
  serverSession,
  sessionStimuli,
} from '../../machine-paths/session/stimuli';
import { advanceClock } from '../support/advance-clock';
import type { HeldNetwork } from '../support/api-calls';
import { domAgreement, withDialogText } from '../support/dom-agreement';
import { sessionScreen } from '../support/flow-screens';
import { ok, refused, type ServerReply } from '../support/oracle';
import { type FlowPage, pathOnPage, scenarioOnPage, walksOnPage } from '../support/page-runs';
import type { PathDriver } from '../support/path-runner';
import { followMenuLink } from '../support/site-menu';
import { WalkStep } from '../support/walks';

const entry = machines.find((m) => m.id === 'session')!;
const FLOW_KEY = 'groupins.flow.shopcart';

function sessionOnPage({
  network,
  user,
  clock,
  at,
}: {
  network: HeldNetwork;
  user: UserEvent;
  clock: SimulatedClock;
  at: () => string;
}): PathDriver<SessionStimulus, SessionView> {
  return {
    async act(s) {
      switch (s.kind) {
        case 'navigate':
          await followMenuLink(s.menu, s.link, user);
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
    view: async () => ({ at: at(), ...sessionScreen() }) as SessionView,
    sent: () => network.sent().filter((r) => (SESSION_CALLS as readonly string[]).includes(r.call)),
  };
}

const SESSION_PAGE: FlowPage<SessionStimulus, SessionView> = {
  machineId: entry.id,
  path: SESSION_START,
  calls: SESSION_CALLS,
  agree: domAgreement(withDialogText),
  driver: sessionOnPage,
  // a flow in progress in the tab, which the end of the session must forget
  before: () => sessionStorage.setItem(FLOW_KEY, '{}'),
  after: () => sessionStorage.clear(),
};

describe('session paths on the rendered app, against the session oracle', () => {
  for (const path of flowPaths(entry))
    it(path.description, () =>
      pathOnPage(SESSION_PAGE, path, sessionStimuli, new SessionOracle(SESSION_START)),
    );
});

type Step = WalkStep<SessionOracle, SessionStimulus, SessionView>;
const step = (label: string, possible: (o: SessionOracle) => boolean, s: SessionStimulus): Step =>
  new WalkStep(label, possible, () => s);
const act_ = (label: string, possible: (o: SessionOracle) => boolean, s: SessionStimulus) =>
  fc.constant(step(label, possible, s));
const wait = (ms: number) => step(`wait ${ms} ms`, () => true, { kind: 'wait', ms });
const reply = (call: 'addSession' | 'cleanSession', [label, answer]: [string, ServerReply]): Step =>
  step(`${call} ← ${label}`, (o) => o.awaits(call), { kind: 'reply', call, reply: answer });

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
  replies.map((r) => reply(call, r));
const onPage = (o: SessionOracle) => o.shows === 'page' || o.shows === 'nothing yet';

describe('specification scenarios on the rendered app, against the session oracle', () => {
  it("addSession unreachable after a served session: docs/specification.md §9's 1440 s count again from that moment", () =>
    scenarioOnPage(
      SESSION_PAGE,
      [
        reply('addSession', [
          '1000 s old',
          ok(serverSession({ remindSeconds: 1440, endSeconds: 1740, elapsedSeconds: 1000 })),
        ]),
        step('保費試算', onPage, {
          kind: 'navigate',
          menu: '線上服務',
          link: '保費試算',
          to: '/tryout/STEP1',
        }),
        reply('addSession', ['network down', 'network-error']),
        wait(1_439_000),
        wait(1_000),
      ],
      new SessionOracle(SESSION_START),
    ));
});

const SESSION_WALK: fc.Arbitrary<Step>[] = [
  act_('保費試算', onPage, { kind: 'navigate', menu: '線上服務', link: '保費試算', to: '/tryout/STEP1' }),
  act_('常見問題', onPage, { kind: 'navigate', menu: '認識團保', link: '常見問題', to: '/question' }),
  act_('繼續使用', (o) => o.shows === 'reminder', { kind: 'continue' }),
  act_('確定', (o) => o.shows === 'end', { kind: 'confirmEnd' }),
  fc.integer({ min: 1, max: 2_000_000 }).map(wait),
  answer('addSession', fc.oneof(sessionAnswer, failure)),
  answer('cleanSession', fc.oneof(fc.constant<[string, ServerReply]>(['ended', ok(null)]), failure)),
];

describe('random walks of a visitor on the rendered app, against the session oracle', () => {
  it(
    'agrees with the oracle after every action, answer and wait',
    () =>
      walksOnPage(SESSION_PAGE, SESSION_WALK, () => new SessionOracle(SESSION_START), {
        maxCommands: 40,
        numRuns: 20,
      }),
    240_000,
  );
});
