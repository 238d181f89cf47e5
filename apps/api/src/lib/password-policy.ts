import { createRequire } from 'node:module';
import type * as Core from '@zxcvbn-ts/core';
import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';
import type * as Common from '@zxcvbn-ts/language-common';
import type * as En from '@zxcvbn-ts/language-en';
import { rule } from '@hpbc/shared';
import { isCommonPassword } from './passwords';

/**
 * The password policy of the server (docs/decisions/014-password-policy.md): zxcvbn's
 * estimate with its common-password and English dictionaries (49,233 common passwords,
 * 55,830 common words, 94,000 names, 30,000 Wikipedia words), plus the site's own words. Loaded here only, never in the web bundle.
 */
export const MIN_SCORE = 3;

/** Words an attacker tries first on this site; any password built on them is refused. */
export const SITE_WORDS = [
  'hpbc',
  'committee',
  'highrise',
  'high-rise',
  'building',
  'buildings',
  'public',
  'myanmar',
  'portal',
  'demo',
  'demopass',
  'eiet',
  'pile',
  'national',
  'counterpart',
  'admin',
  'administrator',
] as const;

let factory: ZxcvbnFactory | undefined;
/**
 * Made on the first password checked: the dictionaries take about 0.1 s to load, which every
 * start paid though most never check a password. Required (synchronously) because the
 * check is synchronous; the packages ship CommonJS.
 */
function zxcvbn(): ZxcvbnFactory {
  if (factory) return factory;
  const load = createRequire(import.meta.url);
  const { ZxcvbnFactory: Factory } = load('@zxcvbn-ts/core') as typeof Core;
  const common = load('@zxcvbn-ts/language-common') as typeof Common;
  const en = load('@zxcvbn-ts/language-en') as typeof En;
  factory = new Factory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return factory;
}

/** The account's own words: the name's parts, the address and its parts. */
function personalWords(ctx: { email?: string | null; name?: string | null }): string[] {
  const words: string[] = [];
  if (ctx.email) {
    const email = ctx.email.toLowerCase();
    words.push(email, ...email.split(/[@._+-]+/));
  }
  if (ctx.name) words.push(...ctx.name.toLowerCase().split(/\s+/));
  return words.filter((w) => w.length >= 3);
}

const usesWords = (result: ZxcvbnResult) =>
  result.sequence.some((m) => m.pattern === 'dictionary' && m.dictionaryName === 'userInputs');
const usesCommon = (result: ZxcvbnResult) =>
  result.sequence.some(
    (m) =>
      m.pattern === 'dictionary' &&
      (m.dictionaryName.startsWith('passwords') || m.dictionaryName.startsWith('commonWords')),
  );

/**
 * Null when the password may be used; otherwise a message code that tells the user what to
 * change: `password_common` (a much-used password), `password_personal` (built from their
 * name, address or the site's words) or `password_weak` (too easy to guess otherwise).
 */
export function passwordProblem(password: string, ctx: { email?: string | null; name?: string | null } = {}) {
  if (isCommonPassword(password, ctx.email ?? undefined)) return rule('password_common', 'password');
  const lower = password.toLowerCase();
  const personal = personalWords(ctx);
  const inputs = [...SITE_WORDS, ...personal];
  // A password that is mostly one of these words, whatever is around it, is refused outright.
  if (inputs.some((w) => w.length >= 4 && lower.includes(w) && w.length * 2 >= lower.replace(/[^a-z]/g, '').length)) {
    return rule('password_personal', 'password');
  }
  const result = zxcvbn().check(password, inputs);
  if (result.score >= MIN_SCORE) return null;
  if (usesWords(result)) return rule('password_personal', 'password');
  if (usesCommon(result)) return rule('password_common', 'password');
  return rule('password_weak', 'password');
}
