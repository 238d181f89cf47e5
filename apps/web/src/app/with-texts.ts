import { PAGE_TEXT_BUNDLES } from 'virtual:page-texts';
import i18next from '../lib/i18n';
import { pageTexts, type PreloadedPage } from './page-preloads';

/**
 * A page's code together with its texts: the page would otherwise ask for its translation
 * namespaces only when it first renders, one network round trip after its code arrived (and
 * one more for each part of the page that suspends on a namespace of its own). A page with
 * several namespaces gets them in one file per language (docs/decisions/128).
 */
export function withTexts<T>(page: PreloadedPage, load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const files = PAGE_TEXT_BUNDLES[page];
    const namespaces = pageTexts(page);
    const [loaded] = await Promise.all([
      load(),
      files ? i18next.loadTogether(namespaces, files) : i18next.loadNamespaces(namespaces),
    ]);
    return loaded;
  };
}
