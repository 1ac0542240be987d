import { useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import type { Actor, AnyStateMachine, InputFrom } from 'xstate';
import type { AppActors } from '../app-actors';
import type { ScreenId } from '../domain/screens';
import type { TracedMachine } from '../domain/trace';
import { storedFlow } from './stored-flow';

/** What a flow is made of (docs/design.md "Flows are machines"). */
export interface FlowDefinition<TLogic extends AnyStateMachine> {
  /** the machine's id: the name of its snapshot and its forms' drafts in sessionStorage, and of its trace */
  name: TracedMachine;
  /** the machine bound to the app's actors (its `-actors.ts`) */
  machine: TLogic;
  /** what a flow starts from when the tab keeps no snapshot of it */
  input: (app: AppActors) => InputFrom<TLogic>;
  /** its steps' screens, STEP1 first (the machine's states name their step in `meta.step`) */
  screens?: readonly ScreenId[];
  /** steps no address may ask for: only the machine leads there (the shopcart's STEP4) */
  unasked?: readonly number[];
  /** what the started flow hears from the app's actors; answers how to stop hearing it */
  hears?: (actor: Actor<TLogic>, app: AppActors) => () => void;
}

export interface Flow<TLogic extends AnyStateMachine> extends FlowDefinition<TLogic> {
  /** the tab's actor of the flow for this app, started on first use (from the stored snapshot if any) */
  actorOf(app: AppActors): Actor<TLogic>;
}

/**
 * A flow kept for the tab: one actor, started on its first screen and kept while the visitor moves around
 * the site, its snapshot saved after each settled step (src/lib/stored-flow.ts), so a reload stays on the
 * step. It belongs to the app's actors: a new app (a new page) starts from the stored snapshot again.
 * /back2Home and the session's end stop it; the next screen starts a new one.
 */
export function createFlow<TLogic extends AnyStateMachine>(definition: FlowDefinition<TLogic>): Flow<TLogic> {
  let running: { app: AppActors; actor: Actor<TLogic>; stop(): void } | null = null;
  return {
    ...definition,
    actorOf(app) {
      if (running?.app === app) return running.actor;
      running?.stop();
      let unhear = () => {};
      const { actor, stop } = storedFlow(definition.name, definition.machine, definition.input(app), () => {
        unhear();
        if (running?.actor === actor) running = null;
      });
      actor.start();
      unhear = definition.hears?.(actor, app) ?? unhear;
      running = { app, actor, stop };
      return actor;
    },
  };
}

/** A screen's flow (the tab's). */
export function useFlow<TLogic extends AnyStateMachine>(flow: Flow<TLogic>): Actor<TLogic> {
  // taken once: a screen on its way out (after /back2Home forgot the flow) must not start a new one
  const { actors } = useRouteContext({ from: '__root__' });
  const [actor] = useState(() => flow.actorOf(actors));
  return actor;
}
