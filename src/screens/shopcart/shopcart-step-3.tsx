import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { headingOf } from '../../domain/screens';
import { SHOPCART_STEPS } from './shopcart-steps';

export default function ShopcartStep3() {
  return (
    <ScreenPage heading={headingOf('ODGAF042')} lead="請再次確認申請內容，送出後即產生受理編號。">
      <StepIndicator steps={SHOPCART_STEPS} current={2} />
    </ScreenPage>
  );
}
