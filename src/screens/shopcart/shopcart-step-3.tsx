import { useSelector } from '@xstate/react';
import { Form, Formik } from 'formik';
import { object } from 'yup';
import { BusyButton } from '../../components/busy-button';
import { useCaptcha } from '../../components/captcha/use-captcha';
import { FormCheckbox } from '../../components/form-checkbox';
import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { headingOf } from '../../domain/screens';
import { tick } from '../../domain/validation/fields';
import { ApplicationSummary } from '../../features/shopcart/application-summary';
import { CartChangedNotice } from '../../features/shopcart/cart-changed-notice';
import { PrivacyNotice } from '../../features/shopcart/privacy-notice';
import { shopcartFlow } from '../../features/shopcart/shopcart-flow';
import { useCart } from '../../lib/use-cart';
import { useFlowStep } from '../../lib/use-flow-step';
import { SHOPCART_STEPS } from './shopcart-steps';

const consentSchema = object({ consent: tick('已閱讀並同意個人資料告知事項').required().isTrue() });

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead = '請再次確認申請內容；送出後即產生受理編號，業務人員將與您聯繫。';

export default function ShopcartStep3() {
  const { flow, inStep } = useFlowStep(shopcartFlow, 3);
  const context = useSelector(flow, (s) => s.context);
  const submitting = useSelector(flow, (s) => s.hasTag('busy'));
  // the application went out unanswered and the cart came back empty: the server is asked what it holds
  const confirming = useSelector(
    flow,
    (s) => s.matches({ review: 'checking' }) || s.matches({ review: 'unconfirmed' }),
  );
  const { cart } = useCart();
  const captcha = useCaptcha();
  const failure = context.failure;
  if (!inStep) return null;
  return (
    <ScreenPage heading={headingOf('ODGAF042')} lead={lead}>
      <StepIndicator steps={SHOPCART_STEPS} current={2} />
      <CartChangedNotice flow={flow} step={3} />
      <ApplicationSummary
        context={context}
        cart={cart}
        onEdit={(step) => flow.send({ type: 'flow.edit', step })}
      />
      <PrivacyNotice />
      {confirming ? (
        <div className="submit-form">
          <p role="status">您的申請可能已經送出，正在向伺服器確認，請勿重複申請。</p>
          {failure && (
            <div className="form-error" role="alert">
              <p>無法確認申請是否送達：{failure}</p>
            </div>
          )}
          <div className="form-actions">
            <BusyButton
              type="button"
              className="button primary"
              busy={submitting}
              onClick={() => flow.send({ type: 'application.recheck' })}
            >
              重新查詢
            </BusyButton>
          </div>
        </div>
      ) : (
        <Formik
          initialValues={{ consent: false }}
          validationSchema={consentSchema}
          validateOnBlur
          validateOnChange={false}
          onSubmit={() => {
            const solved = captcha.take();
            if (solved) flow.send({ type: 'application.submit', captcha: solved });
          }}
        >
          <Form noValidate className="submit-form">
            <FormCheckbox name="consent" label="我已閱讀並同意個人資料告知事項" required />
            {captcha.field}
            {failure && (
              <div className="form-error" role="alert">
                <p>申請未送出：{failure}</p>
              </div>
            )}
            <div className="form-actions">
              <button
                type="button"
                className="button"
                onClick={() => flow.send({ type: 'flow.goto', step: 2 })}
              >
                上一步
              </button>
              <BusyButton type="submit" className="button primary" busy={submitting}>
                送出申請
              </BusyButton>
            </div>
          </Form>
        </Formik>
      )}
    </ScreenPage>
  );
}
