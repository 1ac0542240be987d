import type { Page } from 'playwright-core';
import type { ContactMessage } from '../../src/domain/api/contact';
import type { FlowInChromium, FlowWatch } from '../../tests/e2e/support/flow-in-chromium';
import { heldPageNetwork } from '../../tests/e2e/support/held-network';
import { contactScreen } from '../../tests/support/flow-screens';
import {
  answerCaptcha,
  asSentByOracle,
  type PageVisit,
  pageVisit,
} from '../../tests/support/page-identifiers';
import { machines } from '../registry';
import { ContactOracle, type ContactStimulus, type ContactView } from './oracle';
import { contactFields } from './page';
import { SAMPLE_CONTACT_REQUEST_ID } from './samples';
import { CONTACT_CALLS, contactStimuli } from './stimuli';

/** The form filled with `message` in Chromium, the widget solved unless `captcha` is '' or solved already. */
export async function sendInChromium(
  page: Page,
  message: ContactMessage,
  captcha: string,
  visit?: PageVisit,
  watch: FlowWatch = {},
) {
  for (const [label, value] of contactFields(message))
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  await page.getByRole('combobox', { name: '洽詢主題' }).selectOption(message.topic);
  await page.getByRole('checkbox', { name: /個人資料蒐集告知事項/ }).setChecked(message.consent);
  const widget = page.locator('altcha-widget');
  const solved = widget.getByRole('checkbox', { name: '驗證完成' });
  if (captcha !== '' && (await solved.count()) === 0) {
    await widget.getByRole('checkbox', { name: '我不是機器人' }).click();
    await solved.waitFor({ timeout: 20_000 });
    visit?.captchas.push(captcha);
  }
  await watch.filled?.(page);
  await page.getByRole('button', { name: '送出留言' }).click();
  if (captcha === '') await page.getByText('請先完成「我不是機器人」驗證').waitFor();
}

/** The built app in Chromium with the contact call held. */
export const contactInChromium: FlowInChromium<ContactStimulus, ContactView> = {
  entry: machines.find((m) => m.id === 'contact')!,
  calls: CONTACT_CALLS,
  stimuli: contactStimuli,
  start: '/contact',
  oracle: () => new ContactOracle(SAMPLE_CONTACT_REQUEST_ID),
  async driver(page, _origin, watch) {
    const visit = pageVisit(SAMPLE_CONTACT_REQUEST_ID);
    const network = await heldPageNetwork(page, CONTACT_CALLS);
    // routes added later are asked first: the challenges are the built server's, noted as served
    await page.route('**/ODGAWeb/api/captcha/challenge', async (route) => {
      const response = await route.fetch();
      const answer = await response.json();
      answerCaptcha(visit, answer.data ?? {});
      await route.fulfill({ response, json: answer });
    });
    return {
      async act(s) {
        switch (s.kind) {
          case 'send':
            await sendInChromium(page, s.message as ContactMessage, s.captcha, visit, watch);
            return;
          case 'writeAgain':
            visit.requestIds.push(s.requestId);
            await page.getByRole('button', { name: '再留一則訊息' }).click();
            return;
          case 'reply':
            await network.reply(s.call, s.reply);
        }
      },
      wait: async () => {},
      view: async () => (await page.evaluate(contactScreen)) as ContactView,
      sent: () => asSentByOracle(network.sent(), CONTACT_CALLS, visit),
    };
  },
};
