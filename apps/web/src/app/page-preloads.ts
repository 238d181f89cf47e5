/**
 * The public pages whose first visit the server speeds up: for each path (the route's
 * `path`, '' for home), its route module in app/routes and the translation namespaces the
 * route loads with it. The router takes the namespaces from here, and the web build writes
 * dist/route-preloads.json from it (vite.config.ts), which the API turns into
 * `<link rel="modulepreload">` tags in index.html for that path. Plain data: vite.config.ts
 * imports this file.
 */
export const PAGE_PRELOADS = {
  '': { module: 'home', namespaces: ['home'] },
  'eiet-list': { module: 'eiet-list', namespaces: ['directory', 'requests'] },
  'pile-company-list': { module: 'pile-company-list', namespaces: ['directory', 'requests'] },
  'project-list': { module: 'project-list', namespaces: ['projects'] },
  library: { module: 'library', namespaces: ['library'] },
  'form-one': { module: 'form-one', namespaces: ['form-one'] },
} as const satisfies Record<string, { module: string; namespaces: readonly string[] }>;

export type PreloadedPage = keyof typeof PAGE_PRELOADS;

/** The namespaces a preloaded page loads together with its code. */
export const pageTexts = (page: PreloadedPage): string[] => [...PAGE_PRELOADS[page].namespaces];
