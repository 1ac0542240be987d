import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApplicationProgress } from '../../../src/domain/api/overprint';
import { headingOf } from '../../../src/domain/screens';
import { createCaptcha } from '../../../src/server/captcha/captcha';
import type { HeldNetwork } from '../../support/api-calls';
import { heldNetwork } from '../../support/held-network';
import { ok, refused } from '../../support/oracle';
import { envelope } from '../../support/render-app';
import { openPage } from '../../support/visitor-page';
import { catalogueServer } from '../catalogue-server';

// ODGAF060 進度查詢 with progress/query held: what a company sees of its application's status, its dates
// and what to do next, and how a refusal reads.

const PROGRESS: ApplicationProgress = {
  applicationNo: 'GI115112300001',
  companyName: '晴空軟體股份有限公司',
  submittedAt: '2026-11-23T02:41:07.000Z',
  status: '待補件',
  events: [
    { status: '已受理', at: '2026-11-23T02:41:07.000Z', note: null },
    { status: '資料審核中', at: '2026-11-24T01:10:00.000Z', note: null },
    { status: '待補件', at: '2026-11-25T06:30:00.000Z', note: '被保險人名冊（蓋公司大章）' },
  ],
};

let close: (() => void) | undefined;
afterEach(() => {
  cleanup();
  close?.();
  close = undefined;
  sessionStorage.clear();
});

async function openProgress(): Promise<{ network: HeldNetwork; user: UserEvent }> {
  const captcha = createCaptcha({ hmacKey: 'jsdom progress', maxNumber: 1_000, expiresSeconds: 600 });
  const catalogue = catalogueServer();
  const network = heldNetwork(['progress/query'], async (url, init) =>
    url.pathname.endsWith('/captcha/challenge') ? envelope(await captcha.challenge()) : catalogue(url, init),
  );
  const page = await openPage('/progress');
  close = () => {
    page.stop();
    network.close();
  };
  await screen.findByRole('heading', { level: 1, name: headingOf('ODGAF060') });
  return { network, user: userEvent.setup() };
}

async function fillAndSend(user: UserEvent, applicationNo: string, taxId: string) {
  await user.type(screen.getByRole('textbox', { name: '受理編號' }), applicationNo);
  await user.type(screen.getByRole('textbox', { name: '統一編號' }), taxId);
  await user.click(await screen.findByRole('checkbox', { name: '我不是機器人' }));
  await screen.findByText('驗證完成', {}, { timeout: 10_000 });
  await user.click(screen.getByRole('button', { name: '查詢進度' }));
}

describe('進度查詢 (ODGAF060)', () => {
  it('asks no phone, and checks the 受理編號 and 統一編號 on blur', async () => {
    const { user } = await openProgress();
    expect(screen.queryByRole('textbox', { name: '聯絡手機' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: '受理編號' }), 'GI1151123');
    await user.tab();
    expect(await screen.findByText('請輸入正確的受理編號')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: '統一編號' }), '12345678');
    await user.tab();
    expect(await screen.findByText('請輸入正確的統一編號')).toBeInTheDocument();
  });

  it('shows the status, the date of each change and, at 待補件, which documents to send', async () => {
    const { network, user } = await openProgress();
    await fillAndSend(user, 'gi115112300001', '12345675');
    const [sent] = network.sent().filter((r) => r.call === 'progress/query');
    expect(sent!.body).toMatchObject({ applicationNo: 'GI115112300001', taxId: '12345675' });
    expect((sent!.body as { captcha: string }).captcha).not.toBe('');

    await act(() => network.reply('progress/query', ok(PROGRESS)));
    const result = await screen.findByRole('region', { name: /GI115112300001/ });
    expect(within(result).getByText('待補件', { selector: 'strong' })).toBeInTheDocument();
    const timeline = within(result).getByRole('list', { name: '處理進度' });
    const items = within(timeline)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatch(/^已受理 民國115年11月23日 10:41$/);
    expect(items[2]).toMatch(/^待補件 民國115年11月25日 14:30：被保險人名冊（蓋公司大章）$/);
    expect(within(timeline).getAllByRole('listitem')[2]).toHaveAttribute('aria-current', 'step');
    expect(result).toHaveTextContent('請補送：被保險人名冊（蓋公司大章）');
    // from 待補件 the documents go back to review: no further request is announced
    expect(result).not.toHaveTextContent('如需補充資料');
  });

  // What the company reads at each other status (docs/domain.md §1.2); staff may ask for documents only at
  // 資料審核中 and 核保中 (docs/specification.md §6, 要求補件), so only there does the page say they may.
  it.each([
    ['已受理', '業務人員將於 3 個工作天內與聯絡人聯繫', false],
    ['資料審核中', '我們正在核對要保書、被保險人名冊與投保內容。', true],
    ['已承保', '保險已核准承保。保險單將寄至要保單位，並為每位被保險人製發保險證。', false],
    ['不予承保', '很抱歉，此申請未能承保，業務人員將向聯絡人說明原因；如有疑問，請洽客服專線 0800-', false],
    ['已結案', '此申請已結案（申請撤回或逾期未補件）。如仍需投保，歡迎重新申請。', false],
  ] as const)('at %s, says what happens next', async (status, says, mayAsk) => {
    const { network, user } = await openProgress();
    await fillAndSend(user, 'GI115112300001', '12345675');
    await act(() =>
      network.reply(
        'progress/query',
        ok({ ...PROGRESS, status, events: [{ status, at: '2026-11-26T02:00:00.000Z', note: null }] }),
      ),
    );
    const result = await screen.findByRole('region', { name: /GI115112300001/ });
    expect(result).toHaveTextContent(says);
    if (mayAsk) expect(result).toHaveTextContent('如需補充資料，會與聯絡人聯繫。');
    else expect(result).not.toHaveTextContent('如需補充資料');
    if (status === '已受理')
      expect(within(result).getByRole('link', { name: '列印要保書與被保險人名冊' })).toHaveAttribute(
        'href',
        '/groupins/overprint/STEP1',
      );
  });

  it('at 核保中, says staff may still ask for documents (docs/decisions.md: 核保中 may ask again)', async () => {
    const { network, user } = await openProgress();
    await fillAndSend(user, 'GI115112300001', '12345675');
    const underwriting: ApplicationProgress = {
      ...PROGRESS,
      status: '核保中',
      events: [...PROGRESS.events, { status: '核保中', at: '2026-11-26T02:00:00.000Z', note: null }],
    };
    await act(() => network.reply('progress/query', ok(underwriting)));
    const result = await screen.findByRole('region', { name: /GI115112300001/ });
    expect(result).toHaveTextContent('核保人員正在評估投保內容與被保險人資料');
    expect(result).toHaveTextContent('如需補充資料，會與聯絡人聯繫。');
  });

  it('says why nothing was found, and the captcha starts over for the next try', async () => {
    const { network, user } = await openProgress();
    await fillAndSend(user, 'GI115112300001', '04595257');
    const message = '查無符合的申請資料，請確認受理編號與統一編號都與申請時填寫的相同';
    await act(() => network.reply('progress/query', refused('lookupMismatch', message)));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('list', { name: '處理進度' })).toBeNull();
    expect(await screen.findByRole('checkbox', { name: '我不是機器人' })).not.toBeChecked();
  });
});
