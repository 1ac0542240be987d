import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { headingOf } from '../../domain/screens';
import { TRYOUT_STEPS } from './tryout-steps';

export default function TryoutStep1() {
  return (
    <ScreenPage heading={headingOf('ODGAF070')} lead="選擇要試算的方案或單項保障與保額。">
      <StepIndicator steps={TRYOUT_STEPS} current={0} />
    </ScreenPage>
  );
}
