import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { headingOf } from '../../domain/screens';
import { TRYOUT_STEPS } from './tryout-steps';

export default function TryoutStep2() {
  return (
    <ScreenPage heading={headingOf('ODGAF071')} lead="填寫投保人數、年齡分布、職業類別與月投保薪資。">
      <StepIndicator steps={TRYOUT_STEPS} current={1} />
    </ScreenPage>
  );
}
