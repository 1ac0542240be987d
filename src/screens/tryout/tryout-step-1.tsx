import { useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { headingOf } from '../../domain/screens';
import { CoverForm } from '../../features/tryout/cover-form';
import { loadTryoutCatalogue } from '../../features/tryout/tryout-catalogue';
import { tryoutFlow } from '../../features/tryout/tryout-flow';
import { answerOf, useScreenData } from '../../lib/screen-read';
import { useFlowStep } from '../../lib/use-flow-step';
import { TRYOUT_STEPS } from './tryout-steps';

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead = '選擇要試算的方案，或自行挑選單項保障與保額。共 3 步驟。';

/** The offer to choose from, read on entry (lib/screen-read.tsx). */
export const read = () => answerOf(loadTryoutCatalogue());

export default function TryoutStep1() {
  const { flow, inStep } = useFlowStep(tryoutFlow, 1);
  const { PACK_ID } = useSearch({ from: '/tryout/STEP1' });
  const choice = useSelector(flow, (s) => s.context.cover?.choice ?? null);
  const offer = useScreenData(read);
  if (!inStep) return null;
  return (
    <ScreenPage heading={headingOf('ODGAF070')} lead={lead}>
      <StepIndicator steps={TRYOUT_STEPS} current={0} />
      <CoverForm
        catalogue={offer}
        choice={choice}
        packId={PACK_ID}
        onConfirm={(cover) => flow.send({ type: 'cover.confirm', cover })}
      />
    </ScreenPage>
  );
}
