import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { InspectionEvent } from 'xstate';
import { App } from './app';
import { startAppActors } from './app-actors';
import { apiPost } from './lib/api-client';
import { createAppRouter } from './router';
import './styles.css';

// Each step of the start is a task of its own, so the visitor's phone is never held by one long task
// (Lighthouse counts the time past 50 ms of each one as blocking).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  await nextTask();
  // What the app's actors do before the transition trace has loaded, handed to it once it has.
  let early: InspectionEvent[] | undefined = [];
  const actors = startAppActors({ inspect: (event) => early?.push(event) });
  void import('./lib/transition-trace').then((trace) => {
    trace.default(actors, apiPost, early);
    early = undefined;
  });
  await nextTask();
  const router = createAppRouter({ actors });
  // The page's prerendered shell stays until the route and its screen have loaded, so React's first frame
  // has the screen (no empty main in between). The first render is a transition: React renders in slices
  // that leave the main thread free between them. StrictMode only checks in development.
  await router.load();
  await nextTask();
  const app = <App router={router} />;
  // index.html has #root; without it createRoot throws "Target container is not a DOM element"
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(import.meta.env.DEV ? <StrictMode>{app}</StrictMode> : app));
}

void start();
