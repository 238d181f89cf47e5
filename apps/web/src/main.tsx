import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n';
import './styles.css';
import { App } from './app/app';
import { startAuth } from './lib/auth/auth-store';
import { preloadSignedInArea } from './components/layouts/account-area';

// Section 4: a stored token is restored at start; profile and status load in the background.
startAuth();
preloadSignedInArea();

// The first render as a transition: React then yields to the browser every few
// milliseconds instead of drawing the whole page in one long task, which on a mid-range
// phone blocked input for hundreds of milliseconds (issue 31: Lighthouse's total blocking
// time; docs/decisions/120-first-render-in-slices.md). index.html's shell stays until then.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
