import type { Page } from 'playwright-core';
import type { ShopcartInput } from '../../machines/shopcart.context';
import { openApp } from '../../tests/e2e/support/built-app';
import type { FlowInChromium } from '../../tests/e2e/support/flow-in-chromium';
import { heldPageNetwork } from '../../tests/e2e/support/held-network';
import { shopcartScreen } from '../../tests/support/flow-screens';
import { answerCaptcha, asSentByOracle } from '../../tests/support/page-identifiers';
import { machines } from '../registry';
import { ShopcartOracle, type ShopcartStimulus, type ShopcartView } from './oracle';
import { applicantFields, planFields, rosterCsv, shopcartVisit, stepOfPath, viewAt } from './page';
import { SHOPCART_CALLS, shopcartStart, shopcartStimuli } from './stimuli';

const entry = machines.find((m) => m.id === 'shopcart')!;
const input = entry.input as ShopcartInput;

/** The visitor's clock on the path's day, 09:00 in Taipei (timers keep running). */
const dayOf = (today: string) => new Date(`${today}T09:00:00+08:00`);

/** Types `value` in the control labelled `name` (a select picks it), or empties it for ''. */
async function fill(page: Page, name: string, value: string) {
  const select = page.getByRole('combobox', { name, exact: true });
  if ((await select.count()) > 0) await select.selectOption(value);
  else await page.getByRole('textbox', { name, exact: true }).fill(value);
}

/**
 * The built app in Chromium with its submission held. The cart another tab changes is getCart's answer;
 * the captcha is the built server's own, solved by the widget in the page; the address bar is a real
 * navigation (a deep link loads the page again, so the step comes back from the tab's storage).
 */
export const shopcartInChromium: FlowInChromium<ShopcartStimulus, ShopcartView> = {
  entry,
  calls: SHOPCART_CALLS,
  stimuli: shopcartStimuli,
  start: '/shopcart/STEP1',
  oracle: () => new ShopcartOracle(shopcartStart(input)),
  async driver(page, origin, watch) {
    const visit = shopcartVisit(input);
    await page.clock.setFixedTime(dayOf(input.today));
    const network = await heldPageNetwork(page, SHOPCART_CALLS);
    // routes added later are asked first: the cart is the path's, the challenges are noted as served
    await page.route('**/ODGAWeb/api/DTODGAZ0/getCart', (route) =>
      route.fulfill({ json: { returnCode: 0, data: visit.cart, msg: '' } }),
    );
    await page.route('**/ODGAWeb/api/captcha/challenge', async (route) => {
      const response = await route.fetch();
      const answer = await response.json();
      answerCaptcha(visit, answer.data);
      await route.fulfill({ response, json: answer });
    });
    const confirm = async () => {
      await watch.filled?.(page);
      await page.getByRole('button', { name: /^(下一步|完成修改)/ }).click();
    };
    return {
      async act(s) {
        switch (s.kind) {
          case 'cart':
            // changed in another tab: the visitor comes back to this one
            visit.cart = s.cart;
            await page.evaluate(() => {
              Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
              document.dispatchEvent(new Event('visibilitychange'));
            });
            return;
          case 'confirmPlan':
            for (const [name, value] of planFields(s.plan, visit.cart)) await fill(page, name, value);
            await confirm();
            return;
          case 'confirmApplicant': {
            for (const [name, value] of applicantFields(s.applicant, visit.cart))
              await fill(page, name, value);
            await page.getByLabel('上傳名冊檔案（CSV）').setInputFiles({
              name: '名冊.csv',
              mimeType: 'text/csv',
              buffer: Buffer.from(rosterCsv(s.roster)),
            });
            await page.getByText(/已讀取名冊|有 \d+ 處需要修正/).waitFor();
            await confirm();
            return;
          }
          case 'submit': {
            const consent = page.getByRole('checkbox', { name: '我已閱讀並同意個人資料告知事項' });
            if (!(await consent.isChecked())) await consent.check();
            if (s.captcha !== '') {
              await page.getByRole('checkbox', { name: '我不是機器人' }).click();
              await page.getByText('驗證完成').waitFor({ timeout: 20_000 });
              visit.captchas.push(s.captcha);
            }
            await watch.filled?.(page);
            await page.getByRole('button', { name: '送出申請' }).click();
            return;
          }
          case 'open':
            await openApp(page, `${origin}/groupins/shopcart/STEP${s.step}`);
            return;
          case 'edit':
            await page
              .getByRole('main')
              .getByRole('button', { name: s.step === 1 ? '修改投保內容' : '修改要保單位資料' })
              .click();
            return;
          case 'startOver':
            visit.requestIds.push(s.requestId);
            await page.clock.setFixedTime(dayOf(s.today));
            await page.getByRole('button', { name: '申請其他保障' }).click();
            return;
          case 'recheck':
            await page.getByRole('button', { name: '重新查詢' }).click();
            return;
          case 'reply':
            await network.reply(s.call, s.reply);
        }
      },
      wait: async () => {},
      view: async () =>
        viewAt(
          stepOfPath(new URL(page.url()).pathname),
          (await page.evaluate(shopcartScreen)) as ShopcartView,
        ),
      sent: () => asSentByOracle(network.sent(), SHOPCART_CALLS, visit),
    };
  },
};
