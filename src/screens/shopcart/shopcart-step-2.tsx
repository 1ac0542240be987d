import { useSelector } from '@xstate/react';
import { rulesOf } from '../../../machines/shopcart.context';
import { AlertProvider } from '../../components/alert';
import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { headingOf } from '../../domain/screens';
import { ApplicantForm } from '../../features/shopcart/applicant-form';
import { CartChangedNotice } from '../../features/shopcart/cart-changed-notice';
import { shopcartFlow } from '../../features/shopcart/shopcart-flow';
import { useFlowStep } from '../../lib/use-flow-step';
import { SHOPCART_STEPS } from './shopcart-steps';

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead = '請填寫要保單位資料，標示 * 的欄位必填；資料僅用於本次投保申請。';

export default function ShopcartStep2() {
  const { flow, inStep } = useFlowStep(shopcartFlow, 2);
  const context = useSelector(flow, (s) => s.context);
  const rules = rulesOf(context);
  if (!inStep || !rules) return null;
  return (
    <ScreenPage heading={headingOf('ODGAF041')} lead={lead}>
      <StepIndicator steps={SHOPCART_STEPS} current={1} />
      <CartChangedNotice flow={flow} step={2} />
      {/* 投保始期 raises the 日期錯誤 alert: it loads with this screen, not with every page */}
      <AlertProvider>
        <ApplicantForm
          applicant={context.applicant}
          roster={context.roster}
          headcount={context.plan?.headcount}
          rules={rules}
          returning={context.returning}
          onBack={() => flow.send({ type: 'flow.goto', step: 1 })}
          onConfirm={(applicant, roster) => flow.send({ type: 'applicant.confirm', applicant, roster })}
        />
      </AlertProvider>
    </ScreenPage>
  );
}
