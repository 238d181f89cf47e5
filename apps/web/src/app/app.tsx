import { RouterProvider } from 'react-router/dom';
import { router } from './router';

/** The query client comes with the pages that use it (app/query-layout.tsx). */
export function App() {
  return <RouterProvider router={router} />;
}
