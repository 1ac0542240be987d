import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { headingOf } from '../../domain/screens';
import { OVERPRINT_STEPS } from './overprint-steps';

export default function OverprintStep2() {
  return (
    <ScreenPage
      heading={headingOf('ODGAF051')}
      lead="選擇要套印的文件：要保書、被保險人名冊、保險證或繳費單。"
    >
      <StepIndicator steps={OVERPRINT_STEPS} current={1} />
    </ScreenPage>
  );
}
