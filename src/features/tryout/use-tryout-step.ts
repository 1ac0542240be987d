import { useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import { useFlowStep } from '../../lib/use-flow-step';
import { type TryoutActor, tryoutFlow } from './tryout-flow';

/** A tryout screen's flow (the tab's trial) and whether it is on this screen's step. */
export function useTryoutStep(step: 1 | 2 | 3): { flow: TryoutActor; inStep: boolean } {
  const { actors } = useRouteContext({ from: '__root__' });
  // taken once: a screen on its way out (after /back2Home forgot the flow) must not start a new one
  const [flow] = useState(() => tryoutFlow(actors.cart));
  return { flow, inStep: useFlowStep(flow, '/tryout/STEP', step) };
}
