import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { GroupForm } from '../../src/features/tryout/group-form';
import { typeInto } from '../support/typing';

/*
 * STEP2's age bands: the message that their total is not the head count. On a 390 px phone it takes two
 * lines; had it gone only when the last count was left, it would go as the pointer pressed 試算保費, and
 * the button, moved up a line between the press and the release, would never be clicked.
 */

it('follows the counts as they are typed once it shows, and goes when they add up, before the field is left', async () => {
  render(
    <GroupForm
      group={null}
      rules={{ today: '2026-11-23', ages: [15, 65], needsSalary: false }}
      onBack={() => {}}
      onConfirm={() => {}}
    />,
  );
  const user = userEvent.setup();
  await typeInto(user, '投保人數', '10');
  await user.selectOptions(screen.getByRole('combobox', { name: /職業類別/ }), '1');
  await user.click(screen.getByRole('radio', { name: '各年齡層人數（較準確）' }));
  await user.click(screen.getByRole('button', { name: '試算保費' }));
  await screen.findByText('各年齡層人數合計 0 人，須等於投保人數 10 人');

  const band = screen.getByRole('textbox', { name: '30–39 歲人數' });
  await user.click(band);
  await user.keyboard('4');
  await screen.findByText('各年齡層人數合計 4 人，須等於投保人數 10 人');
  await user.clear(band);
  await user.keyboard('10');
  await waitFor(() => expect(screen.queryByText(/各年齡層人數合計/)).not.toBeInTheDocument());
  expect(band).toHaveFocus();
});

it('comes, as every message does, only once a field is left or the form sent', async () => {
  render(
    <GroupForm
      group={null}
      rules={{ today: '2026-11-23', ages: [15, 65], needsSalary: false }}
      onBack={() => {}}
      onConfirm={() => {}}
    />,
  );
  const user = userEvent.setup();
  await typeInto(user, '投保人數', '10');
  await user.click(screen.getByRole('radio', { name: '各年齡層人數（較準確）' }));
  const band = screen.getByRole('textbox', { name: '30–39 歲人數' });
  await user.click(band);
  await user.keyboard('4');
  expect(screen.queryByText(/各年齡層人數合計/)).not.toBeInTheDocument();
  await user.tab();
  await screen.findByText('各年齡層人數合計 4 人，須等於投保人數 10 人');
});
