import { useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import { useFlowStep } from '../../lib/use-flow-step';
import { type OverprintActor, overprintFlow } from './overprint-flow';

/** An overprint screen's flow (the tab's) and whether it is on this screen's step. */
export function useOverprintStep(step: 1 | 2 | 3 | 4): { flow: OverprintActor; inStep: boolean } {
  // taken once: a screen on its way out (after /back2Home forgot the flow) must not start a new one
  const { actors } = useRouteContext({ from: '__root__' });
  const [flow] = useState(() => overprintFlow(actors));
  return { flow, inStep: useFlowStep(flow, '/overprint/STEP', step) };
}
