import { Form, Formik } from 'formik';
import { useEffect, useRef } from 'react';
import { BusyButton } from '../../components/busy-button';
import { FormField } from '../../components/form-field';
import { emailCodeSchema } from '../../domain/api/email-code';
import type { RosterCodeSent } from '../../domain/api/overprint';
import { EMAIL_CODE_MAX_FAILURES } from '../../domain/email-code';
import { formatRocInstant } from '../../domain/roc-date';
import { validateWith } from '../../lib/validate-with';

const validate = validateWith(emailCodeSchema, {});

/**
 * STEP2's code (issue 45): the 名冊 carries full ID numbers and birth dates, so a visit that opened the
 * application with its identifiers prints it only with the code e-mailed to the application's contact. The
 * heading takes the focus when the form appears, so a keyboard or screen-reader visitor is told what to do.
 */
export function RosterCodeForm({
  code,
  busy,
  failure,
  onSubmit,
  onResend,
  onEdit,
}: {
  code: RosterCodeSent;
  /** which call is under way, if any */
  busy: 'checking' | 'sending' | null;
  failure: string;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onEdit: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="roster-code" aria-labelledby="roster-code-heading">
      <h2 id="roster-code-heading" ref={heading} tabIndex={-1}>
        輸入驗證碼
      </h2>
      <p>
        被保險人名冊載有被保險人完整的身分證字號與出生日期。驗證碼已寄至申請時填寫的聯絡人信箱{' '}
        <strong className="code-sent-to">{code.sentTo}</strong>，請於 {formatRocInstant(code.expiresAt)}{' '}
        前輸入；輸入錯誤 {EMAIL_CODE_MAX_FAILURES} 次即失效。
      </p>
      <Formik
        initialValues={{ code: '' }}
        validate={validate}
        validateOnBlur
        validateOnChange={false}
        onSubmit={(values) => onSubmit(emailCodeSchema.cast(values).code)}
      >
        <Form noValidate>
          <FormField
            name="code"
            label="驗證碼"
            hint="6 位數字，見電子郵件"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
          {failure && (
            <p className="form-error code-failure" role="alert">
              {failure}
            </p>
          )}
          <div className="form-actions">
            <button type="button" className="button" onClick={onEdit}>
              改選文件
            </button>
            <BusyButton className="button" busy={busy !== null} onClick={onResend}>
              重新寄送驗證碼
            </BusyButton>
            <BusyButton type="submit" className="button primary" busy={busy !== null}>
              確認驗證碼
            </BusyButton>
          </div>
          <div aria-live="polite">
            {busy && (
              <p className="remote-status" role="status">
                {busy === 'checking' ? '驗證中，請稍候…' : '驗證碼寄送中，請稍候…'}
              </p>
            )}
          </div>
        </Form>
      </Formik>
    </section>
  );
}
