import { RouterProvider } from '@tanstack/react-router';
import { AlertProvider } from './components/alert';
import type { AppRouter } from './router';

export function App({ router }: { router: AppRouter }) {
  return (
    <AlertProvider>
      <RouterProvider router={router} />
    </AlertProvider>
  );
}
