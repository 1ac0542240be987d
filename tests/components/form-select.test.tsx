import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { expect, it } from 'vitest';
import { object } from 'yup';
import { FormSelect } from '../../src/components/form-select';
import { choice } from '../../src/domain/validation/fields';

const OCCUPATIONS = [
  { value: '1', label: '第一類' },
  { value: '2', label: '第二類' },
];

function renderSelect() {
  render(
    <Formik
      initialValues={{ occupation: '' }}
      validationSchema={object({ occupation: choice('職業類別').required() })}
      validateOnChange={false}
      onSubmit={() => {}}
    >
      <Form noValidate>
        <FormSelect name="occupation" label="職業類別" options={OCCUPATIONS} required />
      </Form>
    </Formik>,
  );
  return userEvent.setup();
}

it('asks to choose once left without a choice, and clears after one', async () => {
  const user = renderSelect();
  const select = screen.getByRole('combobox', { name: /職業類別/ });
  expect(screen.queryByText('請選擇職業類別')).not.toBeInTheDocument();
  await user.click(select);
  await user.tab();
  const message = await screen.findByText('請選擇職業類別');
  expect(select).toHaveAttribute('aria-invalid', 'true');
  expect(select).toHaveAttribute('aria-describedby', message.id);

  await user.selectOptions(select, '2');
  await user.tab();
  expect(await screen.findByRole('combobox', { name: /職業類別/ })).not.toHaveAttribute('aria-invalid');
});
