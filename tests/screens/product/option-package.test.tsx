import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildCartItem } from '../../../src/domain/cart-item';
import { PACKAGES } from '../../support/catalogue-fixture';
import { postedBodies, renderApp } from '../../support/render-app';
import { catalogueServer } from '../catalogue-server';

const rowOf = (table: HTMLElement, name: string) =>
  Array.from(
    within(table).getByRole('rowheader', { name }).closest('tr')!.querySelectorAll('td'),
    (td) => td.textContent,
  );

describe('packages (ODGAF010)', () => {
  it('compares the packages side by side: products as rows, packages as columns', async () => {
    await renderApp('/product/optionpackage', { fetch: catalogueServer() });
    const table = await screen.findByRole('table', { name: '各方案保障內容比較' });
    const columns = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(columns).toEqual(['保障項目', '基本型', '進階型', '尊榮型', '製造業安心型', '眷屬加保型']);
    expect(rowOf(table, '團體一年定期壽險')).toEqual([
      '100萬',
      '月薪 × 24（上限 500萬）',
      '月薪 × 36（上限 500萬）',
      '100萬',
      '—不含此保障',
    ]);
    expect(rowOf(table, '團體職業災害補償保險').at(3)).toBe('月投保薪資 × 45（上限 300萬）');
    expect(rowOf(table, '團體住院日額保險').at(2)).toBe('日額 1,000元');
    expect(rowOf(table, '保費')[0]).toBe('每人每月 154元起');
    expect(within(table).getByRole('link', { name: '尊榮型' })).toHaveAttribute(
      'href',
      '/groupins/product/Intropackage?PACK_ID=PREMIUM',
    );
  });

  it('puts a package in the cart as the cart item of docs/specification.md §3: salary lines with FACE_AMT 1', async () => {
    const { fetchMock } = await renderApp('/product/optionpackage', { fetch: catalogueServer() });
    await waitFor(() => expect(screen.getByRole('button', { name: /^購物車/ })).toHaveTextContent('購物車0'));
    await userEvent.click(await screen.findByRole('button', { name: '加入購物車：進階型' }));
    const advanced = PACKAGES.find((p) => p.PACK_ID === 'ADVANCED')!;
    await waitFor(() =>
      expect(postedBodies(fetchMock, '/DTODGAZ0/insertCart')).toEqual([buildCartItem(advanced, 'PKG', '')]),
    );
    expect(postedBodies(fetchMock, '/DTODGAZ0/insertCart')[0]).toMatchObject({
      CLASS_TITLE: '進階型',
      IS_SLRY_MLTPL: 'Y',
      PROD_LIST: [{ PROD_ID: 'GTL', FACE_AMT: 1 }, { FACE_AMT: 3_000_000 }, { FACE_AMT: 50_000 }, {}],
    });
  });

  it('offers a retry when the packages cannot be loaded', async () => {
    const fail = new Set(['queryPackages']);
    await renderApp('/product/optionpackage', { fetch: catalogueServer(fail) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('無法取得方案資料');
    fail.clear();
    await userEvent.click(within(alert).getByRole('button', { name: '重新載入方案資料' }));
    expect(await screen.findByRole('table', { name: '各方案保障內容比較' })).toBeInTheDocument();
  });
});
