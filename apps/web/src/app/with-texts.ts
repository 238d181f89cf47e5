import i18next from '../lib/i18n';

/**
 * A page's code together with its texts: the page would otherwise ask for its translation
 * namespaces only when it first renders, one network round trip after its code arrived (and
 * one more for each part of the page that suspends on a namespace of its own).
 */
export function withTexts<T>(namespaces: string[], load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const [page] = await Promise.all([load(), i18next.loadNamespaces(namespaces)]);
    return page;
  };
}
