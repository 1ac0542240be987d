import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { Actor, AnyActorRef, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { SCREENS, type ScreenId } from '../domain/screens';
import { type Flow, useFlow } from './create-flow';

/** The step a flow's machine is on: its innermost state's `meta.step`, or a parent's. */
export const stepOf = (snapshot: AnyMachineSnapshot): number =>
  (Object.values(snapshot.getMeta()) as Array<{ step?: number } | undefined>).find((m) => m?.step)!.step!;

/** The address of a flow's step: its screen's path. */
const pathOf = (screens: readonly ScreenId[], step: number): string =>
  SCREENS.find((s) => s.id === screens[step - 1])!.path;

/**
 * A screen of a flow's `step`: the flow (the tab's), and whether its machine is on this step. Keeps the URL
 * and the machine in step (the step's screen's path, e.g. /shopcart/STEP2). On arrival (a link, a reload,
 * browser Back or Forward) the screen asks the machine for its step with `flow.goto`, which grants it as
 * far as the data allows; the URL is then replaced by the step the machine is on. A step the machine moves to later (下一步, an edit link, an emptied cart) is
 * pushed, so browser Back goes one step back. A step the flow's `unasked` names is never asked for (the
 * shopcart's STEP4: only a stored application shows it).
 */
export function useFlowStep<TLogic extends AnyStateMachine>(
  definition: Flow<TLogic>,
  step: number,
): { flow: Actor<TLogic>; inStep: boolean } {
  const flow = useFlow(definition);
  const asks = !definition.unasked?.includes(step);
  const screens = definition.screens ?? [];
  const path = pathOf(screens, step);
  const navigate = useNavigate();
  const current = useSelector(flow, (s) => stepOf(s as AnyMachineSnapshot));
  // every arrival at this step's address is a new history entry: a link, a reload, Back, Forward, the same
  // address again; null once the address is another page's (this screen is on its way out)
  const arrival = useRouterState({
    select: (s) =>
      s.location.pathname.endsWith(path) ? (s.location.state.__TSR_key ?? s.location.href) : null,
  });
  const arrivedAt = useRef<string | null>(null);
  /** the step this screen last sent the address bar to */
  const sentTo = useRef<number | null>(null);

  useEffect(() => {
    const go = (replace: boolean) => {
      const snapshot = flow.getSnapshot() as AnyMachineSnapshot;
      sentTo.current = stepOf(snapshot);
      void navigate({ to: pathOf(screens, stepOf(snapshot)) as never, replace });
    };
    if (arrival === null) return;
    if (arrivedAt.current !== arrival) {
      arrivedAt.current = arrival;
      sentTo.current = null;
      if (asks) (flow as AnyActorRef).send({ type: 'flow.goto', step });
      if (stepOf(flow.getSnapshot() as AnyMachineSnapshot) !== step) go(true);
      return;
    }
    if (current !== step && current !== sentTo.current) go(false);
  }, [arrival, asks, current, flow, navigate, screens, step]);

  return { flow, inStep: current === step };
}
