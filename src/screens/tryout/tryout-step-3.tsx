import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { headingOf } from '../../domain/screens';
import { TRYOUT_STEPS } from './tryout-steps';

export default function TryoutStep3() {
  return (
    <ScreenPage heading={headingOf('ODGAF072')} lead="依您提供的資料試算年繳、半年繳、季繳與月繳保費。">
      <StepIndicator steps={TRYOUT_STEPS} current={2} />
    </ScreenPage>
  );
}
