import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { InspectionEvent } from 'xstate';
import { App } from './app';
import { startAppActors } from './app-actors';
import { apiPost } from './lib/api-client';
import { watchShellFocus } from './lib/shell-focus';
import { createAppRouter } from './router';
import './styles.css';

// The app starts in a task of its own after its modules have been evaluated, so the visitor's phone is not
// held by one long task (Lighthouse counts the time past 50 ms of each one as blocking).
setTimeout(() => {
  watchShellFocus();
  // What the app's actors do before the transition trace has loaded, handed to it once it has.
  let early: InspectionEvent[] | undefined = [];
  const actors = startAppActors({ inspect: (event) => early?.push(event) });
  void import('./lib/transition-trace').then((trace) => {
    trace.default(actors, apiPost, early);
    early = undefined;
  });
  const router = createAppRouter({ actors });
  const app = <App router={router} />;
  // The page's prerendered shell stays until the route and its screen have loaded, so React's first frame
  // has the screen (no empty main in between). The first render is a transition: React renders in slices
  // that leave the main thread free between them, instead of one long task. StrictMode only checks in
  // development.
  void router.load().then(() => {
    // index.html has #root; without it createRoot throws "Target container is not a DOM element"
    const root = createRoot(document.getElementById('root')!);
    startTransition(() => root.render(import.meta.env.DEV ? <StrictMode>{app}</StrictMode> : app));
  });
});
