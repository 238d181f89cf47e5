import {
  cloneElement,
  Fragment,
  isValidElement,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import i18n, { type TFunction, type TOptions } from './i18n';

export type { TFunction } from './i18n';

const subscribe = (onChange: () => void) => i18n.onLanguageChanged(onChange);
const language = () => i18n.language;

/**
 * A component's texts: `t` for its namespace (the first one given; `common` when none), in
 * the current language. The component suspends until the namespaces have loaded (the
 * route's Suspense shows meanwhile) and renders again when the language changes.
 */
export function useTranslation(namespaces?: string | readonly string[]): { t: TFunction; i18n: typeof i18n } {
  const lng = useSyncExternalStore(subscribe, language, language);
  const list = namespaces === undefined ? ['common'] : typeof namespaces === 'string' ? [namespaces] : namespaces;
  if (!i18n.hasNamespaces(list, lng)) {
    // Suspense's own protocol, as react-i18next does: React renders again once the promise settles.
    // `use()` would also do, but suspends only inside an awaited act() in tests.
    throw i18n.loadNamespaces(list, lng);
  }
  const ns = list[0]!;
  const t = useMemo(() => i18n.getFixedT(lng, ns), [lng, ns]);
  return { t, i18n };
}

/**
 * A text with links or other markup inside it: `<terms>Terms of Service</terms>` in the text is
 * rendered as `components.terms` with the words between the tags as its children. Only named
 * tags listed in `components`; anything else stays as written.
 */
export function Trans({
  t,
  i18nKey,
  components,
  values,
}: {
  t: TFunction;
  i18nKey: string;
  components: Record<string, ReactElement>;
  values?: TOptions;
}): ReactNode {
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  const tag = /<(\w+)>([\s\S]*?)<\/\1>/g;
  let last = 0;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    const element = components[m[1]!];
    if (!isValidElement(element)) continue;
    parts.push(text.slice(last, m.index), cloneElement(element, { key: parts.length }, m[2]));
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
