import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { object } from 'yup';
import { AlertProvider } from '../../src/components/alert';
import { DateField } from '../../src/components/form-date-field';
import { FormField } from '../../src/components/form-field';
import { birthDate } from '../../src/domain/validation/date-rules';
import { dateText, text } from '../../src/domain/validation/fields';
import { cellPhone } from '../../src/domain/validation/phone-rules';

const schema = object({
  mobile: text('手機號碼', 'halfWidth').required().test(cellPhone()),
  birth: dateText('出生日期').test(birthDate()),
});

function renderForm(field: ReactNode) {
  render(
    <AlertProvider>
      <Formik
        initialValues={{ mobile: '', birth: '' }}
        validationSchema={schema}
        validateOnChange={false}
        onSubmit={() => {}}
      >
        <Form noValidate>
          {field}
          <button type="button">下一步</button>
        </Form>
      </Formik>
    </AlertProvider>,
  );
  return userEvent.setup();
}

describe('FormField', () => {
  it('shows no message before blur and the rule message after, linked and marked invalid', async () => {
    const user = renderForm(<FormField name="mobile" label="手機號碼" required hint="例：0912-345-678" />);
    const input = screen.getByLabelText(/手機號碼/);
    await user.type(input, '0812');
    expect(screen.queryByText('請輸入正確的手機號碼')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');

    await user.tab();
    const message = await screen.findByText('請輸入正確的手機號碼');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(input).toHaveAccessibleDescription('例：0912-345-678 請輸入正確的手機號碼');
    expect(input).toHaveAttribute('aria-required', 'true');
  });

  it('says 不可為空白 when a required field is left empty', async () => {
    const user = renderForm(<FormField name="mobile" label="手機號碼" required />);
    await user.click(screen.getByLabelText(/手機號碼/));
    await user.tab();
    expect(await screen.findByText('手機號碼不可為空白')).toBeInTheDocument();
  });

  it('turns full-width input into half-width on blur and validates the result', async () => {
    const user = renderForm(<FormField name="mobile" label="手機號碼" normalize="halfWidth" />);
    const input = screen.getByLabelText('手機號碼');
    await user.type(input, '０９１２－３４５－６７８');
    await user.tab();
    await waitFor(() => expect(input).toHaveValue('0912-345-678'));
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('請輸入正確的手機號碼')).not.toBeInTheDocument();
  });

  it('keeps digits only when asked', async () => {
    const user = renderForm(<FormField name="mobile" label="手機號碼" normalize="digits" />);
    const input = screen.getByLabelText('手機號碼');
    await user.type(input, '０９１２-345 678');
    await user.tab();
    await waitFor(() => expect(input).toHaveValue('0912345678'));
  });
});

describe('DateField', () => {
  it('raises 日期錯誤 through the shared alert when the typed date is no day', async () => {
    const user = renderForm(<DateField name="birth" label="出生日期" />);
    await user.type(screen.getByLabelText('出生日期'), '112/02/29');
    await user.tab();
    const alert = await screen.findByRole('dialog', { name: '日期錯誤' });
    expect(alert).toHaveTextContent('79/05/12');
    expect(await screen.findByText('出生日期格式錯誤')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '確定' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('rewrites a Gregorian date as ROC without an alert', async () => {
    const user = renderForm(<DateField name="birth" label="出生日期" />);
    const input = screen.getByLabelText('出生日期');
    await user.type(input, '1990-05-12');
    await user.tab();
    await waitFor(() => expect(input).toHaveValue('79/05/12'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('stays quiet when left empty', async () => {
    const user = renderForm(<DateField name="birth" label="出生日期" />);
    await user.click(screen.getByLabelText('出生日期'));
    await user.tab();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
