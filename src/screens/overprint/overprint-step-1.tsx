import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { headingOf } from '../../domain/screens';
import { OVERPRINT_STEPS } from './overprint-steps';

export default function OverprintStep1() {
  return (
    <ScreenPage
      heading={headingOf('ODGAF050')}
      lead="請輸入受理編號、要保單位統一編號與驗證碼，確認是您本人的申請。"
    >
      <StepIndicator steps={OVERPRINT_STEPS} current={0} />
    </ScreenPage>
  );
}
