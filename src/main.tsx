import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startAppActors } from './app-actors';
import { createAppRouter } from './router';
import './styles.css';

const router = createAppRouter({ actors: startAppActors() });
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
