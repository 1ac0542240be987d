import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';
import { catalogueServer } from '../catalogue-server';

describe('home (ODGAF000): packages at a glance', () => {
  it('lists each package with its from-price and a link to its page', async () => {
    await renderApp('/', { fetch: catalogueServer() });
    const section = (await screen.findByRole('heading', { name: '方案一覽' })).closest('section')!;
    const basic = await within(section).findByRole('link', { name: '基本型' });
    expect(basic).toHaveAttribute('href', '/groupins/product/Intropackage?PACK_ID=BASIC');
    expect(basic.closest('li')).toHaveTextContent('每人每月 154元起');
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('h3')?.textContent),
    ).toEqual(['基本型', '進階型', '尊榮型', '製造業安心型', '眷屬加保型']);
    expect(within(section).getByRole('link', { name: '製造業安心型' }).closest('li')).toHaveTextContent(
      '每人每月 268元起',
    );
  });

  it('keeps what was there: the reasons and the online services', async () => {
    await renderApp('/', { fetch: catalogueServer() });
    expect(await screen.findByRole('heading', { name: '為什麼企業需要團體保險' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '線上服務' })).toBeInTheDocument();
  });

  it('says the packages could not be loaded and loads them again on 重新載入', async () => {
    const fail = new Set(['queryPackages']);
    await renderApp('/', { fetch: catalogueServer(fail) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('無法取得方案資料：系統忙碌中，請稍後再試');
    fail.clear();
    await userEvent.click(within(alert).getByRole('button', { name: '重新載入方案資料' }));
    expect(await screen.findByRole('link', { name: '尊榮型' })).toBeInTheDocument();
    expect(screen.queryByText(/無法取得方案資料/)).toBeNull();
  });
});
