import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { STATUS_INFO, type RegistrationStatus } from '../packages/shared/src/registration-workflow';
import type { CapturedMail } from './support/mail-catcher';
import { BASE_URL, MAIL_API_URL } from './support/ports';

export { expect };

export type Lang = 'en' | 'my';

/** Set SHOTS_DIR to keep screenshots of the screens, for people to look at: they check nothing. */
export const SHOTS = process.env.SHOTS_DIR;

/** The whole page into SHOTS_DIR as `<name>-<project>.png`, when it is set. */
export async function shot(page: Page, name: string, project: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}-${project}.png`), fullPage: true });
}

const MY_DIGITS = '၀၁၂၃၄၅၆၇၈၉';

function fillText(
  lang: Lang,
  namespace: string,
  key: string,
  values: Record<string, string | number>,
  missing: (name: string) => string,
): string {
  const file = path.resolve(import.meta.dirname, `../apps/web/src/locales/${lang}/${namespace}.json`);
  const texts: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const at = (k: string) => k.split('.').reduce<unknown>((v, part) => (v as Record<string, unknown>)?.[part], texts);
  const count = values.count;
  const plural = count === undefined ? undefined : at(`${key}_${lang === 'en' && count === 1 ? 'one' : 'other'}`);
  const value = plural ?? at(key);
  if (typeof value !== 'string') throw new Error(`no text ${lang}/${namespace}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) return missing(name);
    return typeof v === 'number' && lang === 'my'
      ? String(v).replace(/[0-9]/g, (d) => MY_DIGITS[Number(d)]!)
      : String(v);
  });
}

/**
 * A text of the front end's locale files, so that a journey runs the same in both languages:
 * `{{name}}` filled from `values` (numbers in Burmese digits on Burmese pages, as the app
 * writes them), and `key_one` / `key_other` chosen by `count` (Burmese has one form).
 */
export function localeText(lang: Lang, namespace: string, key: string, values: Record<string, string | number> = {}) {
  return fillText(lang, namespace, key, values, () => '');
}

/** The same text as a pattern, each `{{name}}` not given in `values` matching anything. */
export function localePattern(
  lang: Lang,
  namespace: string,
  key: string,
  values: Record<string, string | number> = {},
): RegExp {
  const marker = '\u0000';
  const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    fillText(lang, namespace, key, values, () => marker)
      .split(marker)
      .map(escape)
      .join('.*'),
  );
}
export const DEMO_PASSWORD = 'DemoPass!2025';

export interface ReceivedMail extends CapturedMail {
  /** Every http(s) link in the plain-text body. */
  links: string[];
}

/** Reads mail captured by the test SMTP server. */
export class MailBox {
  async all(): Promise<ReceivedMail[]> {
    const res = await fetch(`${MAIL_API_URL}/messages`);
    const list = (await res.json()) as CapturedMail[];
    return list.map((m) => ({ ...m, links: m.text.match(/https?:\/\/[^\s<>")]+/g) ?? [] }));
  }

  /** Waits for a mail to `to` (and whose subject matches, if given) that arrived after `since`. */
  async waitFor(
    filter: { to: string; subject?: string | RegExp; since?: Date },
    timeoutMs = 20_000,
  ): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    const to = filter.to.toLowerCase();
    for (;;) {
      const found = (await this.all()).filter(
        (m) =>
          m.to.includes(to) &&
          (!filter.since || new Date(m.receivedAt) >= filter.since) &&
          (filter.subject === undefined ||
            (typeof filter.subject === 'string' ? m.subject.includes(filter.subject) : filter.subject.test(m.subject))),
      );
      if (found.length > 0) return found[found.length - 1]!;
      if (Date.now() > deadline) throw new Error(`No mail to ${filter.to} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** A unique address per test, so parallel tests never read each other's mail. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** Best-practice rules of moderate impact that the portal keeps to anyway (issue 10's audit found them). */
const ALWAYS_CHECKED = new Set(['landmark-unique', 'page-has-heading-one', 'landmark-one-main']);

/**
 * Fails with a readable list when axe finds a WCAG 2.1 A/AA violation on the page, or a
 * serious or critical one among its best-practice and experimental rules (which include
 * label-content-name-mismatch, landmark-unique and page-has-heading-one).
 */
export async function expectNoA11yViolations(page: Page, opts: { exclude?: string[] } = {}): Promise<void> {
  // Only violations are read below: not collecting every passing node (axe's documented
  // performance option) makes each scan much cheaper without changing what is checked.
  // `options()` replaces all options, so it comes before `withTags()`.
  // Legacy mode: axe.run in the page itself, reaching its same-origin frames (all the portal has)
  // through axe's own frame messages. The default (axe.runPartial in each frame, then
  // axe.finishRun) opened a new blank page for every scan to finish in and loaded axe into it
  // again (decision 134): the same rules on the same nodes, at a cost.
  let builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice', 'experimental'])
    .setLegacyMode();
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const isWcag = (tags: string[]) => tags.some((tag) => /^wcag2a{1,2}$|^wcag21a{1,2}$/.test(tag));
  const failing = results.violations.filter(
    (v) => isWcag(v.tags) || ALWAYS_CHECKED.has(v.id) || v.impact === 'serious' || v.impact === 'critical',
  );
  const summary = failing.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, 'accessibility violations').toEqual([]);
}

/** No sideways scroll: the page is no wider than its window (issue 28, item 9). */
export async function fitsWidth(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'sideways scroll').toBeLessThanOrEqual(width);
}

/**
 * No sideways scroll: the page is never wider than the window it is in, measured there
 * (`where` names the place in the failure).
 */
export async function expectNoSidewaysScroll(page: Page, where?: string): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll, where && `${where}: page ${scroll} px wide in a ${width} px window`).toBeLessThanOrEqual(width);
}

/** The four runs of a journey (issue 28): English and Burmese, at 1280 and 390 px. */
export const LANGS_AND_WIDTHS = [
  ['en', 1280],
  ['en', 390],
  ['my', 1280],
  ['my', 390],
] as const;

/**
 * One run of a journey in a language at a width: its texts (the locale files', and the
 * registration statuses' labels), and its pages, each opened at that width in that language.
 */
export function runIn(lang: Lang, width: number) {
  const viewport = { width, height: width === 390 ? 844 : 800 };
  const prepare = async (page: Page) => {
    await page.setViewportSize(viewport);
    if (lang === 'my') await useBurmese(page);
  };
  return {
    viewport,
    text: (namespace: string, key: string, values: Record<string, string | number> = {}) =>
      localeText(lang, namespace, key, values),
    label: (status: RegistrationStatus) => STATUS_INFO[status].label[lang],
    /** Sets the test's page to the run's width and language, before it opens anything. */
    prepare,
    /** A page of another person (a browser context of its own); close it with `page.context().close()`. */
    async newPage(browser: Browser): Promise<Page> {
      const page = await (await browser.newContext({ baseURL: BASE_URL, viewport })).newPage();
      await prepare(page);
      return page;
    },
  };
}

/** Opens every page of this test in Burmese (the choice the language switch remembers). */
export async function useBurmese(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('hpbc.language', 'my'));
}

/**
 * Signs in through the API and stores the token as the front end does. Each sign-in comes from
 * a client of its own (fromAnotherClient): the journeys are many people, and from one address
 * they met the per-address limit of 30 sign-ins a minute (RATE_LIMITS.login) once they ran
 * faster, which then refused the sign-ins journeys type into the browser too.
 */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await page.request.post(`${BASE_URL}/api/user/login`, {
    data: { email, password, remember: false, type: 'user' },
    headers: fromAnotherClient(),
  });
  expect(res.status(), `login ${email}`).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await page.addInitScript((t) => localStorage.setItem('token', t), token);
  return token;
}

export const test = base.extend<{ mail: MailBox }>({
  // eslint-disable-next-line no-empty-pattern
  mail: async ({}, use) => {
    await use(new MailBox());
  },
});

/** The header every API call of the front end carries (docs/api.md: CSRF for token-less calls). */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** The verification link from the mail, as sent (front-end route with expires and signature). */
export async function verificationLink(mail: MailBox, email: string, since: Date): Promise<string> {
  const message = await mail.waitFor({ to: email, subject: /Verify your email/, since });
  const link = message.links.find((l) => l.includes('/email/verify/'));
  expect(link, 'verification link in the mail').toBeTruthy();
  return link!;
}

let clients = 0;
/**
 * The headers of a request from a client of its own. The test server trusts its loopback
 * proxy (TRUST_PROXY, as the documented nginx set-up does), so the accounts journeys set up
 * through the API are registered by different people, each within the per-address limits (10
 * registrations in 10 minutes), as in use; the browser's own requests stay 127.0.0.1's.
 */
export function fromAnotherClient(): Record<string, string> {
  clients += 1;
  return { ...XHR, 'X-Forwarded-For': `10.${process.pid % 250}.${(clients >> 8) & 255}.${clients & 255}` };
}

/** Registers through the API (from a client of its own) and confirms the address through the link's API check. */
export async function createVerifiedUser(
  request: APIRequestContext,
  mail: MailBox,
  name: string,
  password: string,
  email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-')),
) {
  const since = new Date(Date.now() - 1000);
  const res = await request.post(`${BASE_URL}/api/user/register`, {
    headers: fromAnotherClient(),
    data: { name, email, password, password_confirmation: password, terms: true },
  });
  expect(res.status(), `register: ${await res.text()}`).toBe(201);
  const link = new URL(await verificationLink(mail, email, since));
  const check = await request.get(`${BASE_URL}/api/user${link.pathname}${link.search}`, { headers: XHR });
  expect(check.status(), 'verify').toBe(200);
  return email;
}

/**
 * A demo (or given) account's token, signed in through the API (from a client of its own, as
 * signInAs): for journeys that set up data before the browser acts.
 */
export async function tokenOf(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const login = await request.post(`${BASE_URL}/api/user/login`, {
    data: { email, password, remember: false, type: 'user' },
    headers: fromAnotherClient(),
  });
  expect(login.status(), `login ${email}`).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** Signs the page's account out through the API, as the account menu does, and forgets the token. */
export async function signOut(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const token = localStorage.getItem('token');
    if (token) {
      await fetch('/api/user/logout', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
      });
    }
    localStorage.removeItem('token');
  });
}
