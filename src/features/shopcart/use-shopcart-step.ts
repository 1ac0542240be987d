import { useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import { useFlowStep } from '../../lib/use-flow-step';
import { type ShopcartActor, shopcartFlow } from './shopcart-flow';

export type ShopcartStep = 1 | 2 | 3 | 4;

/** A shopcart screen's flow (the tab's application) and whether it is on this screen's step. */
export function useShopcartStep(step: ShopcartStep): { flow: ShopcartActor; inStep: boolean } {
  const { actors } = useRouteContext({ from: '__root__' });
  // taken once: a screen on its way out (after /back2Home forgot the flow) must not start a new one
  const [flow] = useState(() => shopcartFlow(actors.cart));
  return { flow, inStep: useFlowStep(flow, '/shopcart/STEP', step, step !== 4) };
}
