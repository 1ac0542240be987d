import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { InspectionEvent } from 'xstate';
import { App } from './app';
import { startAppActors } from './app-actors';
import { apiPost } from './lib/api-client';
import { createAppRouter } from './router';
import './styles.css';

// What the app's actors do before the transition trace has loaded, handed to it once it has.
let early: InspectionEvent[] | undefined = [];
const actors = startAppActors({ inspect: (event) => early?.push(event) });
void import('./lib/transition-trace').then((trace) => {
  trace.default(actors, apiPost, early);
  early = undefined;
});
const router = createAppRouter({ actors });
// index.html has #root; without it createRoot throws "Target container is not a DOM element"
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
