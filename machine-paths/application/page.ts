import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { movesFrom } from '../../machines/application.machine';
import type { ApplicationStatus } from '../../src/domain/application-status';
import { applicationScreen } from '../../tests/support/flow-screens';
import type { PathDriver } from '../../tests/support/path-runner';
import type { ApplicationStimulus, ApplicationView } from './oracle';

// What the application's page runs share in jsdom and in Chromium: which button of 案件明細 makes a move,
// and when the move's dialog has settled. The view is read by applicationScreen (flow-screens.ts).

/**
 * The name of the button that makes `move` from the status shown: 「改為「X」」, with its note mark when
 * it has one. The machine is asked only which status X the move leads to, never what the page must show:
 * a move it does not offer from there has no button.
 */
export function moveButtonName(status: string | null, move: string): RegExp {
  const to = movesFrom(status as ApplicationStatus).find((m) => m.event === move)?.to;
  if (!to) throw new Error(`no button stands for ${move} at ${status}: the machine offers no such move`);
  return new RegExp(`^改為「${to}」(（須填寫說明）)?$`);
}

/**
 * How the dialog of a move stands after 確認, read from the page (self-contained, for Chromium too):
 * gone (the move was made), refused (the note a move needs left blank: 「說明不可為空白」, or the server's
 * 「未完成：…」), or still sending (null).
 */
export function moveDialogSettled(): 'closed' | 'refused' | null {
  const dialog = document.querySelector('[role="dialog"]');
  if (!dialog) return 'closed';
  return /說明不可為空白|未完成：/.test(dialog.textContent ?? '') ? 'refused' : null;
}

/** 案件明細 in jsdom driven by an underwriter: each move a click, its note typed, 確認, 取消 if refused. */
export function applicationPageDriver(user: UserEvent): PathDriver<ApplicationStimulus, ApplicationView> {
  return {
    async act(s) {
      const name = moveButtonName(applicationScreen().status, s.move);
      await user.click(await screen.findByRole('button', { name }));
      const dialog = await screen.findByRole('dialog');
      if (s.note) {
        await user.click(within(dialog).getByRole('textbox', { name: /^說明/ }));
        await user.paste(s.note);
      }
      await user.click(within(dialog).getByRole('button', { name: '確認' }));
      await waitFor(() => expect(moveDialogSettled()).not.toBeNull(), { timeout: 10_000 });
      if (moveDialogSettled() === 'refused')
        await user.click(within(dialog).getByRole('button', { name: '取消' }));
    },
    wait: async () => {},
    view: async () => applicationScreen() as ApplicationView,
    // the move is the page's one call, and its result is the status shown: nothing else to compare
    sent: () => [],
  };
}
