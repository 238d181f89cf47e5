/// <reference lib="webworker" />
import { precacheAndRoute, cleanupOutdatedCaches } from 'workbox-precaching';
import { registerRoute, NavigationRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

/**
 * The inspector pages' service worker (issue 30; docs/decisions/097), built by vite-plugin-pwa
 * (injectManifest). What it keeps, and nothing else:
 * - the app's own built files (hashed scripts, styles, fonts, icons), precached;
 * - the page shell of the company pages (`/user/company/...`), network first, so those pages
 *   open with no connection; every other page goes to the network as if there were no worker.
 * No API answer is ever cached: they are per account, and the phone keeps the day's work in
 * IndexedDB instead (decision 098). The worker is a same-origin script: the strict CSP holds.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const SHELL = 'hpbc-company-shell';
const pages = new NetworkFirst({
  cacheName: SHELL,
  networkTimeoutSeconds: 4,
  plugins: [
    {
      // One shell for every company page: each is the same app, whose router draws the page.
      cacheKeyWillBeUsed: async () => '/user/company/onsite',
      // Only a page the server answered fully is kept (never a redirect or an error page).
      cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
    },
  ],
});
registerRoute(new NavigationRoute(pages, { allowlist: [/^\/user\/company\//] }));
