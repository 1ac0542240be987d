import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Types `value` in the text box labelled `name` (emptied for ''), as a paste, then leaves it. */
export async function typeInto(user: UserEvent, name: string, value: string) {
  const box = await screen.findByRole('textbox', { name });
  await user.clear(box);
  if (value !== '') {
    await user.click(box);
    await user.paste(value);
  }
  await user.tab();
}
