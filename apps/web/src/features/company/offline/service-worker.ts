/**
 * Registers the inspector pages' service worker (decision 097): built by vite-plugin-pwa from
 * src/sw.ts, it keeps the app's code and the company pages' shell so they open with no
 * connection. Registered from these pages only (no inline script, so the CSP stays strict);
 * the dev server has no worker.
 */
export function registerInspectorApp(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/', type: 'classic' }).catch(() => undefined);
}
