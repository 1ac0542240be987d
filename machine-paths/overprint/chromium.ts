import type { PrintedCopy } from '../../machines/overprint.machine';
import { OVERPRINT_DOCUMENTS, type OverprintLookup, PRINTED_AT_HEADER } from '../../src/domain/api/overprint';
import { DOCUMENT_CHOICES } from '../../src/features/overprint/document-choices';
import { openApp } from '../../tests/e2e/support/built-app';
import type { FlowInChromium } from '../../tests/e2e/support/flow-in-chromium';
import { heldPageNetwork, pageFileReply } from '../../tests/e2e/support/held-network';
import { overprintScreen } from '../../tests/support/flow-screens';
import { answerCaptcha, asSentByOracle, pageVisit } from '../../tests/support/page-identifiers';
import { machines } from '../registry';
import { OverprintOracle, type OverprintStimulus, type OverprintView } from './oracle';
import { OVERPRINT_CALLS, overprintStimuli } from './stimuli';

// The print link's call is a verb of the cart service (DTODGAZ0), which the held network names by the verb
// alone; the oracle names it by its path.
const LINK_CALL = 'DTODGAZ0/getDecryptData';
const LINK_VERB = 'getDecryptData';
const asNetworkCall = (call: string) => (call === LINK_CALL ? LINK_VERB : call);

/** A PDF-like file of the copy's size, printed when it says. */
function pdfOf(copy: PrintedCopy) {
  const body = Buffer.alloc(copy.bytes);
  body.write('%PDF-1.7\n');
  return pageFileReply(body, { 'content-type': 'application/pdf', [PRINTED_AT_HEADER]: copy.printedAt });
}

const stepOfPath = (path: string) => Number(/\/overprint\/STEP([1-4])$/.exec(path)?.[1] ?? 0);

/** The built app in Chromium with the overprint's calls held; the address bar is a real navigation. */
export const overprintInChromium: FlowInChromium<OverprintStimulus, OverprintView> = {
  entry: machines.find((m) => m.id === 'overprint')!,
  calls: OVERPRINT_CALLS,
  stimuli: overprintStimuli,
  start: '/overprint/STEP1',
  oracle: () => new OverprintOracle(),
  async driver(page, origin, watch) {
    const visit = pageVisit();
    const network = await heldPageNetwork(page, [...OVERPRINT_CALLS.map(asNetworkCall)]);
    // routes added later are asked first: the challenges are the built server's, noted as served
    await page.route('**/ODGAWeb/api/captcha/challenge', async (route) => {
      const response = await route.fetch();
      const answer = await response.json();
      answerCaptcha(visit, answer.data ?? {});
      await route.fulfill({ response, json: answer });
    });
    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    return {
      async act(s) {
        switch (s.kind) {
          case 'identify': {
            const lookup = s.lookup as OverprintLookup;
            await field('受理編號').fill(lookup.applicationNo);
            await field('統一編號').fill(lookup.taxId);
            await field('聯絡手機').fill(lookup.contactPhone);
            if (lookup.captcha !== '') {
              await page.getByRole('checkbox', { name: '我不是機器人' }).click();
              await page.getByText('驗證完成').waitFor({ timeout: 20_000 });
              visit.captchas.push(lookup.captcha);
            }
            await watch.filled?.(page);
            await page.getByRole('button', { name: '查詢申請' }).click();
            if (lookup.captcha === '') await page.getByText('請先完成「我不是機器人」驗證').waitFor();
            return;
          }
          case 'followLink':
            // followed from another page (the shopcart's STEP4): STEP1 loads afresh with the link's fragment
            await page.goto('about:blank');
            await openApp(page, `${origin}/groupins/overprint/STEP1#${s.applicationNo}.${s.token}`);
            await page.getByRole('heading', { level: 1 }).waitFor();
            return;
          case 'choose': {
            for (const doc of OVERPRINT_DOCUMENTS) {
              const box = page.getByRole('checkbox', { name: DOCUMENT_CHOICES[doc].name, exact: true });
              if (await box.isEnabled()) await box.setChecked(s.documents.includes(doc));
            }
            await watch.filled?.(page);
            await page.getByRole('button', { name: '下一步：確認資料' }).click();
            if (s.documents.length === 0) await page.getByText('請至少選擇一份文件').waitFor();
            return;
          }
          case 'enterCode':
            await field('驗證碼').fill(s.code);
            await watch.filled?.(page);
            await page.getByRole('button', { name: '確認驗證碼' }).click();
            if (!/^\d{6}$/.test(s.code)) await page.getByText('請輸入 6 位數字的驗證碼').waitFor();
            return;
          case 'resendCode':
            await page.getByRole('button', { name: '重新寄送驗證碼' }).click();
            return;
          case 'changeChoice':
            await page.getByRole('button', { name: '改選文件' }).click();
            return;
          case 'confirm':
            await page.getByRole('button', { name: '確認無誤，下一步' }).click();
            return;
          case 'download':
            await page.getByRole('button', { name: /^(下載 PDF|再次下載（補印）)$/ }).click();
            return;
          case 'open':
            await openApp(page, `${origin}/groupins/overprint/STEP${s.step}`);
            return;
          case 'startOver':
            await page.getByRole('button', { name: '查詢其他申請' }).click();
            return;
          case 'reply': {
            const { call, reply } = s;
            const answer =
              call === 'overprint/document' && reply !== 'network-error' && reply.returnCode === 0
                ? pdfOf(reply.data as PrintedCopy)
                : reply;
            await network.reply(asNetworkCall(call), answer);
          }
        }
      },
      wait: async () => {},
      view: async () => {
        const view = (await page.evaluate(overprintScreen)) as OverprintView;
        const step = stepOfPath(new URL(page.url()).pathname);
        return step === view.step ? view : { ...view, step: `the address says STEP${step}` as never };
      },
      sent: () =>
        asSentByOracle(
          network.sent().map((r) => ({ ...r, call: r.call === LINK_VERB ? LINK_CALL : r.call })),
          OVERPRINT_CALLS,
          visit,
        ),
    };
  },
};
