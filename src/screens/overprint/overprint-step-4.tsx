import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { headingOf } from '../../domain/screens';
import { OVERPRINT_STEPS } from './overprint-steps';

export default function OverprintStep4() {
  return (
    <ScreenPage heading={headingOf('ODGAF053')} lead="下載已套印資料的文件，列印後用印送件。">
      <StepIndicator steps={OVERPRINT_STEPS} current={3} />
    </ScreenPage>
  );
}
