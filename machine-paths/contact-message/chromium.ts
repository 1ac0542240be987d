import { expect } from 'vitest';
import type { FlowInChromium } from '../../tests/e2e/support/flow-in-chromium';
import { signIn } from '../../tests/e2e/support/staff';
import { contactMessageScreen } from '../../tests/support/flow-screens';
import { sendContactOverHttp } from '../../tests/support/http-visitor';
import { machines } from '../registry';
import { ContactMessageOracle, type ContactMessageStimulus, type ContactMessageView } from './oracle';
import { contactMessageControl, contactMessageSettled, contactMessageView } from './page';
import { contactMessageStimuli } from './stimuli';

/**
 * A message on 聯絡訊息 in the built app in Chromium against the built server: for each path a company
 * writes through 聯絡我們 over HTTP, the service person signs in on the sign-in page and opens the message,
 * and acts the path out with its buttons and reply form. Nothing is held: the moves are the server's.
 */
export function contactMessageInChromium(service: {
  name: string;
  password: string;
}): FlowInChromium<ContactMessageStimulus, ContactMessageView> {
  let contactNo = '';
  return {
    entry: machines.find((m) => m.id === 'contact-message')!,
    calls: [],
    stimuli: contactMessageStimuli,
    start: () => `/staff/contacts?no=${contactNo}`,
    oracle: () => new ContactMessageOracle(),
    async driver(page, origin) {
      contactNo = await sendContactOverHttp(origin);
      await page.goto(`${origin}/groupins/login`);
      await signIn(page, service.name, service.password);
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
      return {
        async act(s) {
          const control = contactMessageControl(s, service.name);
          if ('button' in control) {
            await page.getByRole('button', { name: control.button, exact: true }).click();
          } else {
            await page.getByRole('textbox', { name: /^回覆內容/ }).fill(control.reply);
            await page.getByRole('button', { name: '保存回覆', exact: true }).click();
          }
          await page.waitForFunction(contactMessageSettled);
          // the one taking it is the one signed in, as the status line names them
          if (s.kind === 'assign')
            await expect
              .poll(async () => (await page.evaluate(contactMessageScreen)).assignee)
              .toBe(service.name);
        },
        wait: async () => {},
        view: () => contactMessageView(() => page.evaluate(contactMessageScreen)),
        // each move is the page's one call, and its result is the status shown: nothing else to compare
        sent: () => [],
      };
    },
  };
}
