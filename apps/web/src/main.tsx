import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n';
import './styles.css';
import { startAuth } from './lib/auth/auth-store';

// Section 4: a stored token is restored at start; profile and status load in the background.
startAuth();

const root = createRoot(document.getElementById('root')!);

// The router, the layouts and the route table (app/app.tsx) are a chunk of their own, which
// index.html preloads beside this one (vite.config.ts, entryParts): evaluated in a task of its
// own once it is imported, not in this script's. Evaluating React DOM and React Router with the
// app's first modules in one task was, at a phone's 4x slower CPU, the longest task of every
// page's load (issue 31: Lighthouse's total blocking time; docs/decisions/133).
void import('./app/app').then(({ App }) => {
  // The first render as a transition: React then yields to the browser every few
  // milliseconds instead of drawing the whole page in one long task, which on a mid-range
  // phone blocked input for hundreds of milliseconds (docs/decisions/120-first-render-in-slices.md).
  // index.html's shell stays until then.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
