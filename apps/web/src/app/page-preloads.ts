/**
 * The pages whose first visit the server speeds up: for each address (without its leading
 * slash, '' for home), its route module in app/routes and the translation namespaces the
 * route loads with it, and whether it sits under the query layout (app/query-layout.tsx, whose
 * code then loads with it; every page but home). The router takes the namespaces from here, and the web build writes
 * dist/route-preloads.json from it (vite.config.ts), which the API turns into
 * `<link rel="modulepreload">` tags in index.html for that path. Plain data: vite.config.ts
 * imports this file.
 */
export const PAGE_PRELOADS = {
  '': { module: 'home', namespaces: ['home'], queries: false },
  'eiet-list': { module: 'eiet-list', namespaces: ['directory', 'requests'], queries: true },
  'pile-company-list': { module: 'pile-company-list', namespaces: ['directory', 'requests'], queries: true },
  'project-list': { module: 'project-list', namespaces: ['projects'], queries: true },
  library: { module: 'library', namespaces: ['library'], queries: true },
  // The wizard is a lazy part of the page (it evaluates after the header paints), fetched with it.
  'form-one': {
    module: 'form-one',
    namespaces: ['form-one'],
    queries: true,
    lazyParts: ['features/form-one/components/form-one-wizard'],
  },
  // Issue 31's work pages on a phone (decision 107). The signed-in ones also preload their
  // layout route (the user area's), which loads beside the page's code.
  statistics: { module: 'statistics', namespaces: ['transparency'], queries: true },
  // `signedIn`: the page also preloads the header's signed-in part and its texts ('account'),
  // which main.tsx asks for at start: asked for by the first script, they queued behind the
  // page's own code on a slow phone connection (decision 128).
  admin: { module: 'admin', namespaces: ['admin', 'auth', 'admin-data'], queries: true, signedIn: true },
  'user/company/requests': {
    module: 'company-requests',
    namespaces: ['company'],
    queries: true,
    lazyParts: ['components/layouts/user-layout'],
    signedIn: true,
  },
  'user/company/inspections': {
    module: 'company-inspections',
    namespaces: ['company', 'stages', 'security'],
    queries: true,
    lazyParts: ['components/layouts/user-layout'],
    signedIn: true,
  },
  // A path may name its record by a `:param` segment (the server matches any one segment).
  // Every part of the review screen has a namespace of its own: asked for one by one as each
  // part first renders, they were a chain of round trips before the page settled. A page's
  // namespaces load as one file per language (vite.config.ts `pageTexts`; decision 128).
  'user/national/reviews/:id': {
    module: 'national-review',
    namespaces: [
      'reviews',
      'workflow',
      'security',
      'documents',
      'form-one',
      'clocks',
      'change-reports',
      'presentations',
    ],
    queries: true,
    // Its lower panels (documents, presentations, change reports) are not preloaded: they load
    // once the review's first screen has painted (decision 130).
    lazyParts: ['components/layouts/user-layout'],
    signedIn: true,
  },
} as const satisfies Record<
  string,
  {
    module: string;
    namespaces: readonly string[];
    queries: boolean;
    lazyParts?: readonly string[];
    signedIn?: boolean;
  }
>;

export type PreloadedPage = keyof typeof PAGE_PRELOADS;

/** The namespaces a preloaded page loads together with its code. */
export const pageTexts = (page: PreloadedPage): string[] => [...PAGE_PRELOADS[page].namespaces];
