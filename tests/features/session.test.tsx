import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { machines } from '../../machines/registry';
import { domAgreement, focusedName, withDialogText } from '../support/dom-agreement';
import { flowPaths } from '../support/flow-model';
import { SESSION_CALLS, SESSION_START, sessionStimuli } from '../support/flows/session.flow';
import { type HeldNetwork, heldNetwork } from '../support/held-network';
import { SessionOracle, type SessionStimulus, type SessionView } from '../support/oracles/session.oracle';
import { recordPassedPath } from '../support/path-record';
import { type PathDriver, runPath } from '../support/path-runner';
import { openPage } from '../support/visitor-page';

const entry = machines.find((m) => m.id === 'session')!;
const FLOW_KEY = 'groupins.flow.shopcart';

/** The session as the visitor sees it: where they are, the dialog, and a flow kept in the tab. */
export function sessionOnScreen(history: { location: { pathname: string } }) {
  return async () => {
    const dialog = screen.queryByRole('dialog');
    const labelled = dialog?.getAttribute('aria-labelledby');
    return {
      at: history.location.pathname.replace(/^\/groupins/, '') || '/',
      dialog: dialog && {
        title: labelled ? document.getElementById(labelled)?.textContent : '',
        text: dialog.textContent,
        focus: focusedName(),
      },
      flowKept: sessionStorage.getItem(FLOW_KEY) !== null,
    };
  };
}

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
          return;
        case 'wait':
          act(() => clock.increment(s.ms));
      }
    },
    wait: async (ms) => act(() => clock.increment(ms)),
    view: sessionOnScreen(history) as () => Promise<SessionView>,
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
