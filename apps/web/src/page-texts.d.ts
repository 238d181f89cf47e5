/** The preloaded pages' namespaces, one module per language (vite.config.ts `pageTexts`; decision 128). */
declare module 'virtual:page-texts' {
  type Loader = () => Promise<{ default: Record<string, unknown> }>;
  export const PAGE_TEXT_BUNDLES: Partial<Record<string, { en: Loader; my: Loader }>>;
}
