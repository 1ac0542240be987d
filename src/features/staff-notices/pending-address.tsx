import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { BusyButton } from '../../components/busy-button';
import { FormField } from '../../components/form-field';
import { emailCodeSchema } from '../../domain/api/email-code';
import type { StaffNotifications } from '../../domain/api/staff-notifications';
import { EMAIL_CODE_STATE_LABELS } from '../../domain/email-code';
import { formatRocInstant } from '../../domain/roc-date';
import { failureMessage } from '../../lib/staff-api';
import { validateWith } from '../../lib/validate-with';
import { noticesApi } from './notices-api';

const validate = validateWith(emailCodeSchema, {});

const TEXT = {
  heading: '確認新的通知信箱',
  sentTo: '驗證碼已寄至',
  until: (at: string) => `，請於 ${formatRocInstant(at)} 前輸入驗證碼。`,
  renew: '，請重新寄送驗證碼。',
  meanwhile: (email: string | null) => (email ? `確認前，通知仍寄至 ${email}。` : '確認前不寄送任何通知。'),
  state: '驗證碼狀態：',
  tries: (left: number) => `（還可輸入 ${left} 次）`,
  confirm: '確認',
  resend: '重新寄送驗證碼',
  resent: '已重新寄送驗證碼',
  refused: (message: string) => `未完成：${message}`,
} as const;

/**
 * A new notice address waiting for the code e-mailed to it (issue 45): where the code went, its state, the
 * code typed (while it may be), and 重新寄送驗證碼. Until it is typed the notices go where they went.
 */
export function PendingAddress({
  settings,
  onChanged,
}: {
  settings: StaffNotifications & { pending: NonNullable<StaffNotifications['pending']> };
  onChanged: (settings: StaffNotifications, said: string) => void;
}) {
  const { pending } = settings;
  const [failure, setFailure] = useState('');
  const [resending, setResending] = useState(false);
  const waiting = pending.state === 'issued';

  const confirm = async (values: { code: string }, helpers: FormikHelpers<{ code: string }>) => {
    setFailure('');
    try {
      onChanged(await noticesApi.confirm(emailCodeSchema.cast(values).code), '');
    } catch (error) {
      setFailure(failureMessage(error));
      helpers.resetForm();
      // the code's state (tries left, void) as the server has it now
      noticesApi.read().then(
        (now) => onChanged(now, ''),
        () => undefined,
      );
    }
  };

  const resend = async () => {
    setFailure('');
    setResending(true);
    try {
      onChanged(await noticesApi.resend(), TEXT.resent);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <section className="pending-address" aria-labelledby="pending-address-heading">
      <h2 id="pending-address-heading">{TEXT.heading}</h2>
      <p>
        {TEXT.sentTo} <strong>{pending.address}</strong>
        {waiting ? TEXT.until(pending.expiresAt) : TEXT.renew}
        {TEXT.meanwhile(settings.email)}
      </p>
      <p>
        {TEXT.state}
        <span data-testid="code-state">{EMAIL_CODE_STATE_LABELS[pending.state]}</span>
        {waiting && TEXT.tries(pending.triesLeft)}
      </p>
      <Formik
        initialValues={{ code: '' }}
        validate={validate}
        validateOnBlur
        validateOnChange={false}
        onSubmit={confirm}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            {waiting && (
              <FormField
                name="code"
                label="驗證碼"
                hint="6 位數字，見寄至新信箱的電子郵件"
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
              />
            )}
            {failure && (
              <p className="form-error" role="alert">
                {TEXT.refused(failure)}
              </p>
            )}
            <div className="form-actions">
              <BusyButton className="button" busy={resending || isSubmitting} onClick={resend}>
                {TEXT.resend}
              </BusyButton>
              {waiting && (
                <BusyButton type="submit" className="button primary" busy={resending || isSubmitting}>
                  {TEXT.confirm}
                </BusyButton>
              )}
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
}
