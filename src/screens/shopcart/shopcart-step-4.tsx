import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { headingOf } from '../../domain/screens';
import { SHOPCART_STEPS } from './shopcart-steps';

export default function ShopcartStep4() {
  return (
    <ScreenPage
      heading={headingOf('ODGAF043')}
      lead="申請已受理。業務人員將於 3 個工作天內與您聯繫，完成用印送件與核保。"
    >
      <StepIndicator steps={SHOPCART_STEPS} current={3} />
    </ScreenPage>
  );
}
