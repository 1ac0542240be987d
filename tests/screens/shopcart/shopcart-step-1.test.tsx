import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SAMPLE_CARTS } from '../../../machine-paths/shopcart/samples';
import { NEW_CART } from '../../../src/domain/cart-item';
import { headingOf } from '../../../src/domain/screens';
import type { HeldNetwork } from '../../support/api-calls';
import { heldNetwork } from '../../support/held-network';
import { ok, refused } from '../../support/oracle';
import { openPage } from '../../support/visitor-page';
import { catalogueServer } from '../catalogue-server';

// STEP1 (ODGAF040) before its cart is read: the cart actor's first getCart is held, so the page shows
// what a visitor on a slow network sees until the answer comes.

const EMPTY = /購物車中還沒有保障項目/;
const LOADING = '正在讀取購物車…';

let close: (() => void) | undefined;
afterEach(() => {
  cleanup();
  close?.();
  close = undefined;
});

/** STEP1 opened as a new page with its getCart held (the other calls answered by `answers`). */
async function openStep1(answers = catalogueServer()): Promise<HeldNetwork> {
  const network = heldNetwork(['getCart'], answers);
  const page = await openPage('/shopcart/STEP1');
  close = () => {
    page.stop();
    network.close();
  };
  await screen.findByRole('heading', { level: 1, name: headingOf('ODGAF040') });
  return network;
}

describe('shopcart STEP1 (ODGAF040) while the cart is read', () => {
  it('says the cart is being read, not that it is empty, until getCart answers an empty cart', async () => {
    const network = await openStep1();
    expect(await screen.findByText(LOADING)).toHaveAttribute('role', 'status');
    expect(screen.queryByText(EMPTY)).toBeNull();
    expect(screen.queryByRole('link', { name: '挑選團體保險方案' })).toBeNull();

    await act(() => network.reply('getCart', ok(NEW_CART)));
    expect(await screen.findByText(EMPTY)).toBeInTheDocument();
    expect(screen.queryByText(LOADING)).toBeNull();
    expect(within(screen.getByRole('main')).getByRole('link', { name: '挑選團體保險方案' })).toBeVisible();
  });

  it('never calls a cart with items empty: the reading, then the items', async () => {
    const network = await openStep1();
    expect(await screen.findByText(LOADING)).toBeInTheDocument();
    expect(screen.queryByText(EMPTY)).toBeNull();

    await act(() => network.reply('getCart', ok(SAMPLE_CARTS.two)));
    const table = await screen.findByRole('table', { name: '投保項目' });
    expect(within(table).getByRole('rowheader', { name: '團體一年定期壽險' })).toBeInTheDocument();
    expect(screen.queryByText(LOADING)).toBeNull();
    expect(screen.queryByText(EMPTY)).toBeNull();
  });

  it('says the cart could not be read and reads it again on 重新載入購物車', async () => {
    const network = await openStep1();
    await act(() => network.reply('getCart', refused(null, '系統忙碌中，請稍後再試')));
    const main = within(screen.getByRole('main'));
    const alert = await main.findByRole('alert');
    expect(alert).toHaveTextContent('購物車暫時無法載入');
    expect(main.queryByText(EMPTY)).toBeNull();

    await userEvent.click(within(alert).getByRole('button', { name: '重新載入購物車' }));
    expect(await main.findByText(LOADING)).toBeInTheDocument();
    expect(main.queryByRole('alert')).toBeNull();

    await act(() => network.reply('getCart', ok(SAMPLE_CARTS.two)));
    expect(await main.findByRole('table', { name: '投保項目' })).toBeInTheDocument();
    expect(main.queryByText('購物車暫時無法載入', { exact: false })).toBeNull();
  });

  it('keeps the cart read before when reading it again fails, and says so', async () => {
    const network = await openStep1();
    await act(() => network.reply('getCart', ok(SAMPLE_CARTS.two)));
    const main = within(screen.getByRole('main'));
    await main.findByRole('table', { name: '投保項目' });

    // the visitor comes back to the tab: the cart is read again, and that reading fails
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await act(() => network.reply('getCart', 'network-error'));
    expect(await main.findByRole('alert')).toHaveTextContent(
      '購物車暫時無法載入，請稍後再試。以下為先前讀取的購物車內容。',
    );
    expect(main.getByRole('table', { name: '投保項目' })).toBeInTheDocument();
    expect(main.queryByText(EMPTY)).toBeNull();
  });

  it('says when the amount choices could not be read, and reads them again on 重新載入保額選項', async () => {
    const fail = new Set(['queryCells']);
    const network = await openStep1(catalogueServer(fail));
    await act(() => network.reply('getCart', ok(SAMPLE_CARTS.two)));
    const main = within(screen.getByRole('main'));
    const alert = await main.findByRole('alert');
    expect(alert).toHaveTextContent('無法取得保額選項：系統忙碌中，請稍後再試');
    expect(main.getByRole('table', { name: '投保項目' })).toBeInTheDocument();

    fail.clear();
    await userEvent.click(within(alert).getByRole('button', { name: '重新載入保額選項' }));
    expect(await main.findAllByRole('combobox', { name: '保額' })).not.toHaveLength(0);
    expect(main.queryByText(/無法取得保額選項/)).toBeNull();
  });
});
