import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { postedBodies, renderApp } from '../../support/render-app';
import { catalogueServer } from '../catalogue-server';

const cardOf = async (name: string) =>
  (await screen.findByRole('heading', { level: 2, name })).closest('li')!;

async function cartReady() {
  await waitFor(() => expect(screen.getByRole('button', { name: /^購物車/ })).toHaveTextContent('購物車0'));
}

describe('single coverage items (ODGAF020)', () => {
  it('lists the 8 products with their range, ages, waiting period and rider rule', async () => {
    await renderApp('/product/optioncell', { fetch: catalogueServer() });
    await screen.findByRole('heading', { level: 2, name: '團體一年定期壽險' });
    expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 2 })).toHaveLength(8);
    const gam = await cardOf('團體傷害醫療保險金');
    expect(within(gam).getByText('需搭配團體傷害保險')).toBeInTheDocument();
    expect(gam).toHaveTextContent('1萬～10萬，每級 1萬');
    expect(within(gam).getByRole('combobox', { name: '保額' })).toHaveDisplayValue('1萬');
    expect(within(gam).getAllByRole('option')).toHaveLength(10);
    const ghd = await cardOf('團體住院日額保險');
    expect(ghd).toHaveTextContent('日額 500元～3,000元，每級 500元');
    expect(ghd).toHaveTextContent('需搭配團體一年定期壽險');
    expect(await cardOf('團體初次罹患癌症保險')).toHaveTextContent('15～60 歲，可續保至 70 歲');
    expect(await cardOf('團體初次罹患癌症保險')).toHaveTextContent('90 天');
    expect(within(await cardOf('團體傷害保險')).queryByText(/^需搭配/)).toBeNull();
  });

  it('keeps 加入購物車 enabled on a rider and sends the chosen amount as a one-line item', async () => {
    const { fetchMock } = await renderApp('/product/optioncell', { fetch: catalogueServer() });
    await cartReady();
    const gam = await cardOf('團體傷害醫療保險金');
    await userEvent.selectOptions(within(gam).getByRole('combobox', { name: '保額' }), '5萬');
    const add = within(gam).getByRole('button', { name: '加入購物車：團體傷害醫療保險金' });
    expect(add).toBeEnabled();
    await userEvent.click(add);
    await waitFor(() =>
      expect(postedBodies(fetchMock, '/DTODGAZ0/insertCart')).toEqual([
        {
          SOURCE_CODE: 'CELL',
          SHOPCART_CART_NO: '',
          RLAT_CODE: '0',
          CLASS_TITLE: '團體傷害醫療保險金',
          IS_SLRY_MLTPL: 'N',
          PROD_LIST: [{ PROD_ID: 'GAM', ORDER_SEQ: 1, IS_ACC: 'Y', FACE_AMT_TYPE: 1, FACE_AMT: 50_000 }],
        },
      ]),
    );
  });

  it('offers GOI by salary multiple (default 45) and sends it as a salary-multiple item', async () => {
    const { fetchMock } = await renderApp('/product/optioncell', { fetch: catalogueServer() });
    await cartReady();
    const goi = await cardOf('團體職業災害補償保險');
    expect(goi).toHaveTextContent('月投保薪資 × 24～60 倍，保額上限 300萬');
    const multiple = within(goi).getByRole('combobox', { name: '月投保薪資倍數' });
    expect(multiple).toHaveDisplayValue('月投保薪資 × 45');
    await userEvent.selectOptions(multiple, '月投保薪資 × 60');
    await userEvent.click(within(goi).getByRole('button', { name: /加入購物車/ }));
    await waitFor(() =>
      expect(postedBodies(fetchMock, '/DTODGAZ0/insertCart')).toEqual([
        {
          SOURCE_CODE: 'CELL',
          SHOPCART_CART_NO: '',
          RLAT_CODE: '0',
          CLASS_TITLE: '團體職業災害補償保險（月投保薪資 × 60）',
          IS_SLRY_MLTPL: 'Y',
          PROD_LIST: [{ PROD_ID: 'GOI', ORDER_SEQ: 1, IS_ACC: 'Y', FACE_AMT_TYPE: 1, FACE_AMT: 1 }],
        },
      ]),
    );
  });

  it('offers a retry when the items cannot be loaded', async () => {
    const fail = new Set(['queryCells']);
    await renderApp('/product/optioncell', { fetch: catalogueServer(fail) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('無法取得保障項目：系統忙碌中，請稍後再試');
    fail.clear();
    await userEvent.click(within(alert).getByRole('button', { name: '重新載入保障項目' }));
    expect(await screen.findByRole('heading', { level: 2, name: '團體傷害保險' })).toBeInTheDocument();
  });
});
