import { lazy, type ReactNode, Suspense, useState } from 'react';

const CaptchaField = lazy(() => import('./captcha-field').then((m) => ({ default: m.CaptchaField })));

/**
 * A form's captcha: `field` is the 「我不是機器人」 box with its message; `take()` answers the solved payload
 * for a submission, or null after telling the visitor to solve it first. A payload is good for one
 * submission, so each one taken starts the captcha over (a refusal, even twice with the same words, asks
 * for a new one).
 */
export function useCaptcha(): { field: ReactNode; take(): string | null } {
  const [payload, setPayload] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [taken, setTaken] = useState(0);
  const field = (
    <>
      <Suspense fallback={<p role="status">驗證元件載入中…</p>}>
        <CaptchaField
          resetKey={taken}
          onChange={(solved) => {
            setPayload(solved);
            if (solved) setMissing(false);
          }}
        />
      </Suspense>
      <p className="form-error field-message" role={missing ? 'alert' : undefined}>
        {missing ? '請先完成「我不是機器人」驗證' : ''}
      </p>
    </>
  );
  const take = () => {
    if (!payload) {
      setMissing(true);
      return null;
    }
    setTaken((n) => n + 1);
    return payload;
  };
  return { field, take };
}
