import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { analystPageOf } from './domain/analyst-pages';
import { BASE_PATH } from './domain/screens';
import { LoginScreen } from './features/atlas/login-screen';
import { LogoutScreen } from './features/atlas/logout-screen';
import './styles.css';
import './features/atlas/atlas.css';

// The analysts' entry (analyst.html): login, logout and the atlas, whose layout engine loads only there.
const AtlasScreen = lazy(() =>
  import('./features/atlas/atlas-screen').then((m) => ({ default: m.AtlasScreen })),
);

const page = analystPageOf(window.location.pathname.slice(BASE_PATH.length - 1)) ?? 'atlas';
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {page === 'login' && <LoginScreen />}
    {page === 'logout' && <LogoutScreen />}
    {page === 'atlas' && (
      <Suspense fallback={<p className="lead">載入中…</p>}>
        <AtlasScreen />
      </Suspense>
    )}
  </StrictMode>,
);
