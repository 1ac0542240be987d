import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';

/** Follows a link of the header as a visitor does: opens its menu, then clicks it. */
export async function followMenuLink(menu: string, link: string, user: UserEvent = userEvent.setup()) {
  const nav = within(screen.getByRole('navigation', { name: '主選單' }));
  await user.click(nav.getByRole('button', { name: menu }));
  await user.click(nav.getByRole('link', { name: link }));
}
