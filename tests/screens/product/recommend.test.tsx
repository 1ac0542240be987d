import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildCartItem } from '../../../src/domain/cart-item';
import { PACKAGES } from '../../support/catalogue-fixture';
import { postedBodies, renderApp } from '../../support/render-app';
import { catalogueServer } from '../catalogue-server';

async function answer(occupation: string, headcount: string, priorities: string[] = []) {
  const user = userEvent.setup();
  await user.selectOptions(await screen.findByRole('combobox', { name: /職業類別/ }), occupation);
  await user.type(screen.getByRole('textbox', { name: /投保人數/ }), headcount);
  for (const p of priorities) await user.click(screen.getByRole('checkbox', { name: p }));
  await user.click(screen.getByRole('button', { name: '查看推薦方案' }));
}

describe('recommendation (ODGAF030)', () => {
  it('recommends 製造業安心型 to a class 3 workforce, with reasons, a link and 加入購物車', async () => {
    const { fetchMock } = await renderApp('/REC', { fetch: catalogueServer() });
    await answer('第 3 類：現場作業、貨物搬運', '３０', ['住院醫療']);
    const result = (await screen.findByRole('heading', { name: '推薦結果' })).closest('section')!;
    expect(screen.getByRole('heading', { name: '推薦結果' })).toHaveFocus();
    expect(result).toHaveTextContent('職業災害補償保險');
    expect(result).toHaveTextContent('不含住院醫療與重大疾病保障');
    expect(result).toHaveTextContent('30 人的團體適用 10–49 人的團體費率');
    expect(await within(result).findByRole('link', { name: '製造業安心型' })).toHaveAttribute(
      'href',
      '/groupins/product/Intropackage?PACK_ID=MFG',
    );
    await userEvent.click(within(result).getByRole('button', { name: '加入購物車：製造業安心型' }));
    const mfg = PACKAGES.find((p) => p.PACK_ID === 'MFG')!;
    await waitFor(() =>
      expect(postedBodies(fetchMock, '/DTODGAZ0/insertCart')).toEqual([buildCartItem(mfg, 'REC', '')]),
    );
  });

  it('adds 眷屬加保型 when dependants matter and 尊榮型 for serious illness', async () => {
    await renderApp('/REC', { fetch: catalogueServer() });
    await answer('第 1 類：內勤、行政、門市', '12', ['重大疾病與癌症', '眷屬']);
    const result = (await screen.findByRole('heading', { name: '推薦結果' })).closest('section')!;
    await within(result).findByRole('link', { name: '尊榮型' });
    expect(
      within(result)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['尊榮型', '眷屬加保型']);
  });

  it('explains the 5-person minimum and sends a company of 50 and more to staff', async () => {
    await renderApp('/REC', { fetch: catalogueServer() });
    await answer('第 1 類：內勤、行政、門市', '3');
    expect(await screen.findByRole('heading', { name: '目前還不能投保團體保險' })).toBeInTheDocument();
    expect(screen.getByText('團體保險須有 5 人以上的成員才能投保，貴公司目前為 3 人。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '聯絡專人' })).toHaveAttribute('href', '/groupins/contact');

    const headcount = screen.getByRole('textbox', { name: /投保人數/ });
    await userEvent.clear(headcount);
    await userEvent.type(headcount, '80');
    await userEvent.click(screen.getByRole('button', { name: '查看推薦方案' }));
    expect(await screen.findByText(/請洽專人報價/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '推薦結果' })).toHaveFocus();
  });

  it('asks for the class and the headcount on submit', async () => {
    await renderApp('/REC', { fetch: catalogueServer() });
    await userEvent.click(await screen.findByRole('button', { name: '查看推薦方案' }));
    expect(await screen.findByText('請選擇職業類別')).toBeInTheDocument();
    expect(screen.getByText('投保人數不可為空白')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /投保人數/ }), '1.5');
    await userEvent.tab();
    expect(await screen.findByText('投保人數必須為整數')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '推薦結果' })).toBeNull();
  });
});
