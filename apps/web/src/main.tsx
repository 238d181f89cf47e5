import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n';
import './styles.css';
import { App } from './app/app';
import { startAuth } from './lib/auth/auth-store';
import { preloadSignedInArea } from './components/layouts/account-area';

// Section 4: a stored token is restored at start; profile and status load in the background.
startAuth();
preloadSignedInArea();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
