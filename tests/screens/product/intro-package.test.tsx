import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCartItem } from '../../../src/domain/cart-item';
import { API_BASE } from '../../../src/domain/envelope';
import { PACKAGES } from '../../support/catalogue-fixture';
import { postedBodies, renderApp } from '../../support/render-app';
import { catalogueServer } from '../catalogue-server';

const queried = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname.endsWith('/catalogue/queryPackage'))
    .map((url) => url.searchParams.get('PACK_ID'));

describe('package page (ODGAF011)', () => {
  it('shows the package of ?PACK_ID in full: products, cover, ages, waiting periods and notes', async () => {
    await renderApp('/product/Intropackage?PACK_ID=MFG', { fetch: catalogueServer() });
    expect(await screen.findByRole('heading', { level: 2, name: '製造業安心型' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '製造業安心型保障內容' });
    const goi = within(table).getByRole('rowheader', { name: '團體職業災害補償保險' }).closest('tr')!;
    expect(goi).toHaveTextContent('月投保薪資 × 45（上限 300萬）15～65 歲，可續保至 65 歲無');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['保障項目', '保額', '投保年齡', '等待期']);
    expect(screen.getByText('每人每月 268元起')).toBeInTheDocument();
    expect(screen.getByText('團體傷害醫療保險金為附加保障，需搭配團體傷害保險投保。')).toBeInTheDocument();
    // the trial opens with this package chosen (issue: preselected from a package page's 試算保費)
    expect(screen.getByRole('link', { name: '試算保費' })).toHaveAttribute(
      'href',
      '/groupins/tryout/STEP1?PACK_ID=MFG',
    );
  });

  it('shows waiting periods where a product has one', async () => {
    await renderApp('/product/Intropackage?PACK_ID=FAMILY', { fetch: catalogueServer() });
    const table = await screen.findByRole('table', { name: '眷屬加保型保障內容' });
    expect(
      within(table).getByRole('rowheader', { name: '團體初次罹患癌症保險' }).closest('tr'),
    ).toHaveTextContent('10萬15～60 歲，可續保至 70 歲90 天');
  });

  it('puts the package in the cart as the cart item of docs/specification.md §3', async () => {
    const { fetchMock } = await renderApp('/product/Intropackage?PACK_ID=BASIC', {
      fetch: catalogueServer(),
    });
    await waitFor(() => expect(screen.getByRole('button', { name: /^購物車/ })).toHaveTextContent('購物車0'));
    await userEvent.click(await screen.findByRole('button', { name: '加入購物車' }));
    const basic = PACKAGES.find((p) => p.PACK_ID === 'BASIC')!;
    await waitFor(() =>
      expect(postedBodies(fetchMock, '/DTODGAZ0/insertCart')).toEqual([buildCartItem(basic, 'PKG', '')]),
    );
  });

  it('asks for the package as a string even when the id looks like a number', async () => {
    const { fetchMock } = await renderApp('/product/Intropackage?PACK_ID=123', { fetch: catalogueServer() });
    expect(await screen.findByText('找不到此方案，請從方案列表重新選擇。')).toBeInTheDocument();
    expect(queried(fetchMock)).toEqual(['123']);
  });

  it('says an unknown package does not exist and links to the list', async () => {
    await renderApp('/product/Intropackage?PACK_ID=GOLD', { fetch: catalogueServer() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('找不到此方案，請從方案列表重新選擇。');
    expect(within(alert).getByRole('link', { name: '查看所有方案' })).toHaveAttribute(
      'href',
      '/groupins/product/optionpackage',
    );
  });

  it('asks to choose a package when there is no PACK_ID, without calling the server', async () => {
    const { fetchMock } = await renderApp('/product/Intropackage', { fetch: catalogueServer() });
    expect(await screen.findByText('請先選擇要查看的方案。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看所有方案' })).toBeInTheDocument();
    expect(queried(fetchMock)).toEqual([]);
  });

  it('offers a retry when the server fails', async () => {
    const fail = new Set(['queryPackage']);
    await renderApp('/product/Intropackage?PACK_ID=BASIC', { fetch: catalogueServer(fail) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('無法取得方案資料：系統忙碌中，請稍後再試');
    fail.clear();
    await userEvent.click(within(alert).getByRole('button', { name: '重新載入方案資料' }));
    expect(await screen.findByRole('heading', { level: 2, name: '基本型' })).toBeInTheDocument();
  });
});

describe('package page (ODGAF011) sent with its answer', () => {
  const basic = PACKAGES.find((p) => p.PACK_ID === 'BASIC')!;
  // the page's data block as the server writes it, keyed by the address the screen reads (docs/specification.md §7: the API base)
  const pageWith = (answers: Record<string, unknown>) => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'page-answers';
    block.textContent = JSON.stringify(answers);
    document.body.append(block);
  };
  afterEach(() => document.getElementById('page-answers')?.remove());

  it('shows the answer that came with the page at once, without asking the server for it', async () => {
    // a name the fake server never answers: what shows can only come from the page
    pageWith({
      [`${API_BASE}/catalogue/queryPackage?PACK_ID=BASIC`]: { ...basic, PACK_NAME: '頁面帶來的基本型' },
    });
    const { fetchMock } = await renderApp('/product/Intropackage?PACK_ID=BASIC', {
      fetch: catalogueServer(),
    });
    expect(screen.getByRole('heading', { level: 2, name: '頁面帶來的基本型' })).toBeInTheDocument();
    expect(screen.queryByText('方案資料載入中…')).not.toBeInTheDocument();
    expect(queried(fetchMock)).toEqual([]);
  });

  it('uses that answer once: the package shown again later is asked of the server', async () => {
    pageWith({
      [`${API_BASE}/catalogue/queryPackage?PACK_ID=BASIC`]: { ...basic, PACK_NAME: '頁面帶來的基本型' },
    });
    const { fetchMock, router } = await renderApp('/product/Intropackage?PACK_ID=BASIC', {
      fetch: catalogueServer(),
    });
    await act(() => router.navigate({ to: '/product/optionpackage' }));
    await act(() => router.navigate({ to: '/product/Intropackage', search: { PACK_ID: 'BASIC' } }));
    expect(await screen.findByRole('heading', { level: 2, name: '基本型' })).toBeInTheDocument();
    expect(queried(fetchMock)).toEqual(['BASIC']);
  });

  it('asks the server when the page came with the answer for another address', async () => {
    pageWith({
      [`${API_BASE}/catalogue/queryPackage?PACK_ID=MFG`]: { ...basic, PACK_NAME: '頁面帶來的基本型' },
    });
    const { fetchMock } = await renderApp('/product/Intropackage?PACK_ID=BASIC', {
      fetch: catalogueServer(),
    });
    expect(await screen.findByRole('heading', { level: 2, name: '基本型' })).toBeInTheDocument();
    expect(queried(fetchMock)).toEqual(['BASIC']);
  });

  it('asks the server when the data block is no JSON', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'page-answers';
    block.textContent = '{"cut short';
    document.body.append(block);
    const { fetchMock } = await renderApp('/product/Intropackage?PACK_ID=BASIC', {
      fetch: catalogueServer(),
    });
    expect(await screen.findByRole('heading', { level: 2, name: '基本型' })).toBeInTheDocument();
    expect(queried(fetchMock)).toEqual(['BASIC']);
  });
});
