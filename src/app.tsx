import { RouterProvider } from '@tanstack/react-router';
import type { AppRouter } from './router';

// The alert that forms raise (日期錯誤) is provided by the screens that have such fields (AlertProvider).
export function App({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}
