import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n';
import './styles.css';
import { App } from './app/app';
import { startAuth } from './lib/auth/auth-store';

// Section 4: a stored token is restored at start; profile and status load in the background.
startAuth();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
