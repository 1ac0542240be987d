import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { contactMessageScreen } from '../../tests/support/flow-screens';
import type { PathDriver } from '../../tests/support/path-runner';
import type { ContactMessageStimulus, ContactMessageView } from './oracle';

// What the contact message's page runs share in jsdom and in Chromium: which control of a message on
// 聯絡訊息 stands for a stimulus, and when the page has settled. The view is read by contactMessageScreen
// (flow-screens.ts).

/**
 * What a service person signed in as `signedIn` does for `s`: press a move's button, or type the reply
 * and press 保存回覆. 指派給我 takes the message for the person signed in, so a take by anyone else (or by
 * no one) is nothing the page can do: such a stimulus is refused here, never acted out some other way.
 */
export function contactMessageControl(
  s: ContactMessageStimulus,
  signedIn: string,
): { button: string } | { reply: string } {
  switch (s.kind) {
    case 'assign':
      if (s.staff !== signedIn)
        throw new Error(
          `the page cannot take the message for ${JSON.stringify(s.staff)}: 指派給我 takes it for ${signedIn}, who is signed in`,
        );
      return { button: '指派給我' };
    case 'reply':
      return { reply: s.text };
    case 'close':
      return { button: '結案' };
    case 'reopen':
      return { button: '重新處理' };
  }
}

/**
 * Whether the message's page has settled after an action, read from the page (self-contained, for
 * Chromium too): no button busy with its call (a move's, or 保存回覆 while the reply is sent).
 */
export function contactMessageSettled(): boolean {
  return document.querySelector('main button[aria-disabled="true"]') === null;
}

/** The view as the oracle has it: the status and the moves offered (the assignee is the driver's check). */
export async function contactMessageView(
  read: () => Promise<ReturnType<typeof contactMessageScreen>>,
): Promise<ContactMessageView> {
  const { status, moves } = await read();
  return { status, moves } as ContactMessageView;
}

/** A message on 聯絡訊息 in jsdom, worked by `signedIn`: each move a click, a reply typed and kept. */
export function contactMessagePageDriver(
  user: UserEvent,
  signedIn: string,
): PathDriver<ContactMessageStimulus, ContactMessageView> {
  return {
    async act(s) {
      const control = contactMessageControl(s, signedIn);
      if ('button' in control) {
        await user.click(await screen.findByRole('button', { name: control.button }));
      } else {
        await user.click(await screen.findByRole('textbox', { name: /^回覆內容/ }));
        await user.paste(control.reply);
        await user.click(screen.getByRole('button', { name: '保存回覆' }));
      }
      await waitFor(() => expect(contactMessageSettled()).toBe(true), { timeout: 10_000 });
      // the one taking it is the one signed in, as the status line names them
      if (s.kind === 'assign')
        await waitFor(() => expect(contactMessageScreen().assignee).toBe(signedIn), { timeout: 10_000 });
    },
    wait: async () => {},
    view: () => contactMessageView(async () => contactMessageScreen()),
    // each move is the page's one call, and its result is the status shown: nothing else to compare
    sent: () => [],
  };
}
