import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SCREENS } from '../src/domain/screens';
import { routeNames } from '../src/features/navigation/route-names';
import { renderApp } from './support/render-app';

const visible = SCREENS.filter((s) => s.id !== 'back2Home');

describe('route table (SPEC §2)', () => {
  it.each(visible)('$path shows the $id screen with its heading', async ({ path, heading, id }) => {
    const { router } = await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.matches.at(-1)?.staticData.screenId).toBe(id);
  });

  it('sends an unknown path home', async () => {
    const { history } = await renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: '團體保險，照顧每一位夥伴' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(history.location.pathname).toBe('/groupins/'));
  });

  it('/back2Home forgets the flows in progress and goes home', async () => {
    sessionStorage.setItem('groupins.flow.shopcart', '{"value":"step2"}');
    sessionStorage.setItem('unrelated', 'kept');
    const { history } = await renderApp('/back2Home');
    await screen.findByRole('heading', { level: 1, name: '團體保險，照顧每一位夥伴' });
    expect(history.location.pathname).toBe('/groupins/');
    expect(sessionStorage.getItem('groupins.flow.shopcart')).toBeNull();
    expect(sessionStorage.getItem('unrelated')).toBe('kept');
  });

  it('scrolls to the top and names the from-route and to-route on every navigation', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    await renderApp('/');
    await screen.findByRole('heading', { level: 1, name: '團體保險，照顧每一位夥伴' });
    scrollTo.mockClear();
    await userEvent.click(screen.getAllByRole('link', { name: '保費試算' })[0]!);
    await screen.findByRole('heading', { level: 1, name: '保費試算：選擇保障' });
    expect(routeNames.get()).toEqual({ from: 'ODGAF000', to: 'ODGAF070' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('gives every screen one place in the layout: header navigation, main and footer', async () => {
    await renderApp('/question');
    await screen.findByRole('heading', { level: 1, name: '常見問題' });
    const nav = within(screen.getByRole('navigation', { name: '主選單' }));
    await userEvent.click(nav.getByRole('button', { name: '認識團保' }));
    expect(nav.getByRole('link', { name: '常見問題' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('申訴專線');
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
  });
});
