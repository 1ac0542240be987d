import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createStaffRouter } from './staff-router';
import './styles.css';
import './staff.css';

// The staff's entry (staff.html): the sign-in, the shell and each role's screens, a build of its own.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={createStaffRouter()} />
  </StrictMode>,
);
