import { RouterProvider } from 'react-router/dom';
import { preloadSignedInArea } from '../components/layouts/account-area';
import { router } from './router';

// A visitor who comes back signed in: the header's signed-in part is asked for now, beside the
// page's own code (its files are preloaded by index.html for the signed-in pages).
preloadSignedInArea();

/** The query client comes with the pages that use it (app/query-layout.tsx). */
export function App() {
  return <RouterProvider router={router} />;
}
