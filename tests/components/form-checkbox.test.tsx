import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { expect, it } from 'vitest';
import { object } from 'yup';
import { FormCheckbox } from '../../src/components/form-checkbox';
import { tick } from '../../src/domain/validation/fields';

it('asks to tick once left unticked, and clears when ticked', async () => {
  render(
    <Formik
      initialValues={{ agree: false }}
      validationSchema={object({ agree: tick('同意聲明事項').isTrue() })}
      validateOnChange={false}
      onSubmit={() => {}}
    >
      <Form noValidate>
        <FormCheckbox name="agree" label="同意聲明事項" required />
      </Form>
    </Formik>,
  );
  const user = userEvent.setup();
  const box = screen.getByRole('checkbox', { name: /同意聲明事項/ });
  await user.tab();
  expect(box).toHaveFocus();
  await user.tab();
  const message = await screen.findByText('請勾選同意聲明事項');
  expect(box).toHaveAttribute('aria-invalid', 'true');
  expect(box).toHaveAttribute('aria-describedby', message.id);

  await user.click(box);
  await user.tab();
  await waitFor(() => expect(screen.queryByText('請勾選同意聲明事項')).not.toBeInTheDocument());
  expect(box).toBeChecked();
});
