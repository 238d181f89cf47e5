import type { PublicPage } from '@hpbc/shared/app-routes';

/**
 * Where the served HTML of each public page takes its title (and, for a project's page, its
 * description) from: a key of the page's own translations, so the title the server puts into
 * `<title>` and the Open Graph tags before any script runs is the one the page then sets
 * itself with useDocumentTitle. The web build writes dist/.vite/page-meta.json from it, in
 * English and Burmese (vite.config.ts); the API reads that file (plugins/web-app.ts,
 * docs/decisions/084). Plain data: vite.config.ts imports this file.
 *
 * `labels`: a subtree of the namespace whose texts replace a record's values in the
 * description (a project's status).
 */
export const PAGE_META = {
  '/': { ns: 'home', title: 'docTitle' },
  '/project-list': { ns: 'projects', title: 'list.docTitle' },
  '/eiet-list': { ns: 'directory', title: 'eiet.title' },
  '/pile-company-list': { ns: 'directory', title: 'pile.title' },
  '/library': { ns: 'library', title: 'docTitle' },
  '/national-counterpart': { ns: 'counterpart', title: 'title' },
  '/recommendation-process': { ns: 'recommendations', title: 'title' },
  '/statistics': { ns: 'transparency', title: 'stats.pageTitle' },
  '/decision-log': { ns: 'transparency', title: 'log.pageTitle' },
  '/form-one': { ns: 'form-one', title: 'docTitle' },
  '/contact': { ns: 'legal', title: 'contact.title' },
  '/terms': { ns: 'legal', title: 'terms.title' },
  '/privacy': { ns: 'legal', title: 'privacy.title' },
  '/project-detail/:id': {
    ns: 'projects',
    title: 'detail.docTitle',
    description: 'detail.shareDescription',
    labels: 'statuses',
  },
} as const satisfies Record<
  PublicPage | '/project-detail/:id',
  { ns: string; title: string; description?: string; labels?: string }
>;

/** Every page's description unless it has its own: what the committee does (home's lead). */
export const SITE_DESCRIPTION = { ns: 'home', key: 'hero.lead' } as const;
