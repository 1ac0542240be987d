import { useSelector } from '@xstate/react';
import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { headingOf } from '../../domain/screens';
import { GroupForm } from '../../features/tryout/group-form';
import { tryoutFlow } from '../../features/tryout/tryout-flow';
import { useFlowStep } from '../../lib/use-flow-step';
import { TRYOUT_STEPS } from './tryout-steps';

export default function TryoutStep2() {
  const { flow, inStep } = useFlowStep(tryoutFlow, 2);
  const context = useSelector(flow, (s) => s.context);
  const { cover } = context;
  if (!inStep || !cover?.ages) return null;
  return (
    <ScreenPage
      heading={headingOf('ODGAF071')}
      lead={`試算「${cover.pkg.PACK_NAME}」：填寫投保人數、職業類別與年齡，標示 * 的欄位必填。`}
    >
      <StepIndicator steps={TRYOUT_STEPS} current={1} />
      <GroupForm
        group={context.group}
        rules={{ today: context.today, ages: cover.ages, needsSalary: cover.needsSalary }}
        onBack={() => flow.send({ type: 'flow.goto', step: 1 })}
        onConfirm={(group) => flow.send({ type: 'group.confirm', group })}
      />
    </ScreenPage>
  );
}
