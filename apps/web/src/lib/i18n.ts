import { LANGUAGE_COOKIE, toMyanmarDigits, type Locale } from '@hpbc/shared';
import enCommon from '../locales/en/common.json';
import myCommon from '../locales/my/common.json';

/**
 * The portal's translations: English and Burmese texts in namespaces (src/locales/<lng>/<ns>.json),
 * `common` bundled with the first page, the others loaded with the route that needs them.
 * What the pages use of i18next, in a few hundred bytes instead of its 17 KiB (gzipped) on
 * every first page (docs/decisions/062): `{{value}}` interpolation, English plurals
 * (`key_one` / `key_other` by the count), a missing Burmese text falling back to English, a
 * missing key or `defaultValue` showing as given, and nested texts with `returnObjects`.
 * React's side (useTranslation, Trans) is in lib/translation.tsx.
 */

export const LANGUAGE_KEY = 'hpbc.language';
const FALLBACK: Locale = 'en';
const DEFAULT_NS = 'common';

type Texts = { [key: string]: string | Texts | Texts[] | string[] };

export interface TOptions {
  /** Picks `key_one` or `key_other` by this number (Intl.PluralRules of the language). */
  count?: number;
  defaultValue?: string;
  ns?: string;
  returnObjects?: boolean;
  [value: string]: unknown;
}

export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

/** Feature namespaces load with the route that needs them; `common` ships with the first page. */
const lazyNamespaces = import.meta.glob<{ default: Texts }>(['../locales/*/*.json', '!../locales/*/common.json']);

/**
 * The switch's choice (localStorage), else the language the server served the page in
 * (`<html lang>`, from the same choice's cookie or Accept-Language; docs/decisions/084).
 */
function initialLanguage(): Locale {
  let chosen: string | null = null;
  try {
    chosen = localStorage.getItem(LANGUAGE_KEY);
  } catch {
    // Storage refused (private mode): the served language stands.
  }
  if (chosen === 'my' || chosen === 'en') {
    rememberForServer(chosen);
    return chosen;
  }
  return typeof document !== 'undefined' && document.documentElement.lang === 'my' ? 'my' : 'en';
}

/**
 * The choice as a cookie too, so that the server serves the next page's `<html lang>`,
 * title and Open Graph tags in it. Written only when it differs (a choice made before the
 * cookie existed is carried over on the next visit).
 */
function rememberForServer(language: Locale): void {
  if (typeof document === 'undefined') return;
  const current = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=(en|my)(?:;|$)`).exec(document.cookie)?.[1];
  if (current === language) return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

function lookup(texts: Texts | undefined, key: string): Texts[string] | undefined {
  let node: Texts[string] | undefined = texts;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string' || Array.isArray(node)) return undefined;
    node = node[part];
  }
  return node;
}

/**
 * Every number put into a Burmese string is written with Burmese digits ("အဆင့် ၃ / ၇").
 * Text values (an e-mail address, a reference number) pass unchanged; so does everything in English.
 */
function interpolate(text: string, lng: Locale, values: TOptions): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) return whole;
    return lng === 'my' && typeof value === 'number' ? toMyanmarDigits(value) : String(value);
  });
}

function interpolateDeep(node: unknown, lng: Locale, values: TOptions): unknown {
  if (typeof node === 'string') return interpolate(node, lng, values);
  if (Array.isArray(node)) return node.map((n) => interpolateDeep(n, lng, values));
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateDeep(v, lng, values)]));
  }
  return node;
}

const pluralRules = new Map<Locale, Intl.PluralRules>();
function pluralSuffix(lng: Locale, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(lng)));
  return `_${rules.select(count)}`;
}

class Translations {
  language: Locale = initialLanguage();
  private store: Record<Locale, Record<string, Texts>> = { en: { common: enCommon }, my: { common: myCommon } };
  private loading = new Map<string, Promise<void>>();
  private listeners = new Set<(lng: Locale) => void>();

  isLoaded(lng: Locale, ns: string): boolean {
    return ns in this.store[lng];
  }

  /** Adds texts to a namespace (replacing keys it had); the namespace then counts as loaded. */
  addResources(lng: Locale, ns: string, texts: Texts): void {
    this.store[lng][ns] = { ...this.store[lng][ns], ...texts };
  }

  private loadOne(lng: Locale, ns: string): Promise<void> {
    if (this.isLoaded(lng, ns)) return Promise.resolve();
    const id = `${lng}/${ns}`;
    let pending = this.loading.get(id);
    if (!pending) {
      const load = lazyNamespaces[`../locales/${id}.json`];
      pending = (load ? load().then((m) => m.default) : Promise.resolve({})).then(
        (texts) => {
          this.store[lng][ns] ??= texts;
          this.loading.delete(id);
        },
        (error: unknown) => {
          // A failed chunk may load on the next try (the route's error page offers a reload).
          this.loading.delete(id);
          throw error;
        },
      );
      this.loading.set(id, pending);
    }
    return pending;
  }

  /** A language and the one that fills its gaps: what a namespace is loaded and looked up in. */
  private languagesFor(lng: Locale): Locale[] {
    return lng === FALLBACK ? [lng] : [lng, FALLBACK];
  }

  /** Whether these namespaces are loaded for `lng` (with English, which fills any gap in Burmese). */
  hasNamespaces(namespaces: readonly string[], lng: Locale = this.language): boolean {
    return this.languagesFor(lng).every((l) => namespaces.every((ns) => this.isLoaded(l, ns)));
  }

  /** Loads namespaces in the current language and in English, which fills any gap in Burmese. */
  loadNamespaces(namespaces: string | readonly string[], lng: Locale = this.language): Promise<void> {
    const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
    return Promise.all(this.languagesFor(lng).flatMap((l) => list.map((ns) => this.loadOne(l, ns)))).then(
      () => undefined,
    );
  }

  /**
   * Loads namespaces from one file per language that holds them all (a page's texts bundled
   * by the build, vite.config.ts `pageTexts`; docs/decisions/128): one request where each
   * namespace would be one. A namespace already loaded keeps its texts; any the file lacks
   * load one by one, as `loadNamespaces` does.
   */
  async loadTogether(
    namespaces: readonly string[],
    files: Partial<Record<Locale, () => Promise<{ default: Record<string, unknown> }>>>,
    lng: Locale = this.language,
  ): Promise<void> {
    await Promise.all(
      this.languagesFor(lng).map(async (l) => {
        const load = files[l];
        if (!load || namespaces.every((ns) => this.isLoaded(l, ns))) return;
        const { default: texts } = await load();
        for (const [ns, nsTexts] of Object.entries(texts)) this.store[l][ns] ??= nsTexts as Texts;
      }),
    );
    return this.loadNamespaces(namespaces, lng);
  }

  /** Switches language once every namespace already in use has its texts in it, so no page blanks. */
  async changeLanguage(lng: Locale): Promise<void> {
    await this.loadNamespaces(Object.keys(this.store[this.language]), lng);
    if (this.language === lng) return;
    this.language = lng;
    for (const listener of this.listeners) listener(lng);
  }

  /** Calls `listener` after each change of language; returns the unsubscribe. */
  onLanguageChanged(listener: (lng: Locale) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private find(lng: Locale, ns: string, key: string, count: unknown): Texts[string] | undefined {
    for (const l of this.languagesFor(lng)) {
      const texts = this.store[l][ns];
      if (typeof count === 'number') {
        const plural = lookup(texts, key + pluralSuffix(l, count)) ?? lookup(texts, `${key}_other`);
        if (plural !== undefined) return plural;
      }
      const found = lookup(texts, key);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  translate(lng: Locale, ns: string, key: string, options: TOptions = {}): unknown {
    const found = this.find(lng, options.ns ?? ns, key, options.count);
    if (found === undefined) return interpolate(options.defaultValue ?? key, lng, options);
    if (typeof found === 'string') return interpolate(found, lng, options);
    // A nested text asked for as a whole (a list of sections, of duties); as a string, its key.
    return options.returnObjects ? interpolateDeep(found, lng, options) : key;
  }

  /** A translate function for one language and namespace (the current language when none is given). */
  getFixedT(lng: Locale | null, ns: string = DEFAULT_NS): TFunction {
    return ((key: string, options?: TOptions) => this.translate(lng ?? this.language, ns, key, options)) as TFunction;
  }

  t: TFunction = ((key: string, options?: TOptions) =>
    this.translate(this.language, DEFAULT_NS, key, options)) as TFunction;
}

const i18n = new Translations();
export type I18n = Translations;

export function currentLanguage(): Locale {
  return i18n.language;
}

export async function setLanguage(language: Locale): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, language);
  rememberForServer(language);
  await i18n.changeLanguage(language);
}

export function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language === 'my' ? 'my' : 'en';
}

applyDocumentLanguage(i18n.language);
i18n.onLanguageChanged(applyDocumentLanguage);

export default i18n;
