import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { headingOf } from '../../domain/screens';
import { OVERPRINT_STEPS } from './overprint-steps';

export default function OverprintStep3() {
  return (
    <ScreenPage heading={headingOf('ODGAF052')} lead="確認文件上要套印的資料是否正確。">
      <StepIndicator steps={OVERPRINT_STEPS} current={2} />
    </ScreenPage>
  );
}
