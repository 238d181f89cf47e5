import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DISCIPLINE_TITLES } from './counterpart-review';
import { toMyanmarDigits } from './digits';
import { FORM_ONE_STEPS, REGISTRATION_STATUS_LABELS } from './form-one';
import { MESSAGE_FIELD_LABELS, MESSAGE_TEMPLATES, renderMessage } from './messages';

/**
 * One Burmese voice (docs/glossary.md, docs/decisions/024-026): every Burmese string of the
 * portal, found generically so that strings added later are checked too, uses the
 * glossary's terms, writes numbers with Burmese digits, and exists (not a copy of English).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const LOCALES = path.join(ROOT, 'apps/web/src/locales');
const MYANMAR = /[\u1000-\u109f]/;

// ---- The glossary, read from docs/glossary.md -----------------------------------------

interface Term {
  english: string;
  preferred: string[];
  not: string[];
}
const glossaryText = readFileSync(path.join(ROOT, 'docs/glossary.md'), 'utf8');
const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

const TERMS: Term[] = glossaryText
  .split('\n')
  .filter((line) => line.startsWith('| ') && !line.startsWith('| English') && !line.startsWith('| ---'))
  .map((line) => {
    const [english = '', burmese = '', not = ''] = line.split('|').slice(1);
    return { english: english.trim(), preferred: ticked(burmese), not: ticked(not) };
  });

const keptSection = glossaryText.split('## Kept in English')[1] ?? '';
/** Longest first, so "Structural Engineer" goes before "Engineer". */
const KEPT_IN_ENGLISH = ticked(keptSection).sort((a, b) => b.length - a.length);

// ---- Every Burmese string, with where it comes from -----------------------------------

type Entry = { where: string; my: string | undefined; en: string };

function flatten(value: unknown, prefix: string, out: Map<string, string>): Map<string, string> {
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (typeof value === 'string') {
    out.set(prefix, value);
  }
  return out;
}
const readJson = (file: string) => flatten(JSON.parse(readFileSync(file, 'utf8')), '', new Map());

/** Burmese has one plural form: i18next only asks for `_other` (and `_zero` never). */
const PLURAL_SUFFIX = /_(zero|one|two|few|many)$/;

function localeEntries(): Entry[] {
  const out: Entry[] = [];
  for (const file of readdirSync(path.join(LOCALES, 'en')).filter((f) => f.endsWith('.json'))) {
    const en = readJson(path.join(LOCALES, 'en', file));
    const my = readJson(path.join(LOCALES, 'my', file));
    for (const [key, text] of en) {
      if (PLURAL_SUFFIX.test(key) && my.has(key.replace(PLURAL_SUFFIX, '_other'))) continue;
      out.push({ where: `locales/my/${file} ${key}`, my: my.get(key), en: text });
    }
    // Keys only the Burmese file has are Burmese strings as well.
    for (const [key, text] of my) if (!en.has(key)) out.push({ where: `locales/my/${file} ${key}`, my: text, en: '' });
  }
  return out;
}

function tableEntries(): Entry[] {
  const out: Entry[] = [];
  for (const [code, t] of Object.entries(MESSAGE_TEMPLATES)) {
    out.push({ where: `messages.ts TEMPLATES.${code}`, my: t.my, en: t.en });
  }
  for (const [field, t] of Object.entries(MESSAGE_FIELD_LABELS)) {
    out.push({ where: `messages.ts FIELD_LABELS.${field}`, my: t.my, en: t.en });
  }
  for (const step of FORM_ONE_STEPS) {
    out.push({ where: `form-one.ts step ${step.number}`, ...step.title });
    for (const group of step.groups) {
      out.push({ where: `form-one.ts group ${group.id}`, ...group.title });
      for (const f of group.fields) {
        out.push({ where: `form-one.ts ${f.name} label`, ...f.label });
        out.push({ where: `form-one.ts ${f.name} messageLabel`, ...f.messageLabel });
      }
    }
  }
  for (const [status, t] of Object.entries(REGISTRATION_STATUS_LABELS)) {
    out.push({ where: `form-one.ts status ${status}`, ...t });
  }
  return out;
}

/** Burmese text written in the code of the API and the shared package (mails, PDF, chips). */
function sourceLines(): Entry[] {
  const out: Entry[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) {
        // Seed data (company names) and the PDF-extraction fixtures are not the portal's voice.
        if (name !== 'seed' && name !== 'node_modules') walk(file);
      } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.startsWith('myanmar-order')) {
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (MYANMAR.test(line)) out.push({ where: `${path.relative(ROOT, file)}:${i + 1}`, my: line, en: '' });
          });
      }
    }
  };
  walk(path.join(ROOT, 'apps/api/src'));
  walk(path.join(ROOT, 'packages/shared/src'));
  walk(path.join(ROOT, 'apps/web/src'));
  return out;
}

const LOCALE_ENTRIES = localeEntries();
const TABLE_ENTRIES = tableEntries();
const strip = (text: string) =>
  text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/:(Field|field|\d)/g, ' ')
    .replace(/\$\{[^}]*\}/g, ' ')
    // Code (a path, a field name) is not language: it stays as the machine reads it.
    .replace(/<code>[^<]*<\/code>/g, ' ')
    .replace(/<\/?[a-zA-Z][^>]*>/g, ' ');

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** The kept words as whole words: "B" (bytes) must not take the B of "Bored" with it (G6.2). */
const KEPT_WORDS = new RegExp(
  KEPT_IN_ENGLISH.map((k) => `(?<![A-Za-z0-9])${escapeRegExp(k)}(?![A-Za-z0-9])`).join('|'),
  'g',
);
/** The text without kept words and names (their digits included: "SHA-256", "CC BY 4.0"). */
const withoutKept = (text: string) => strip(text).replace(KEPT_WORDS, ' ');

// ---- The rules --------------------------------------------------------------------------

describe('the glossary', () => {
  it('is read: terms with a Burmese rendering, and a short list of words kept in English', () => {
    expect(TERMS.length).toBeGreaterThan(40);
    expect(TERMS.every((t) => t.preferred.length > 0)).toBe(true);
    expect(KEPT_IN_ENGLISH).toContain('HPBC');
    expect(KEPT_IN_ENGLISH.length).toBeLessThan(60);
  });

  it('has no Burmese string that uses a rendering the glossary rejects', () => {
    const found: string[] = [];
    for (const entry of [...LOCALE_ENTRIES, ...TABLE_ENTRIES, ...sourceLines()]) {
      if (!entry.my) continue;
      for (const term of TERMS) {
        // An occurrence inside the preferred rendering ("ဖွဲ့စည်းတည်ဆောက်ပုံ အင်ဂျင်နီယာ") is fine.
        const text = term.preferred.reduce((s, p) => s.split(p).join(' '), entry.my);
        for (const bad of term.not) {
          if (text.includes(bad))
            found.push(`${entry.where}: "${bad}" (use "${term.preferred[0]}" for ${term.english})`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});

describe('Burmese digits', () => {
  it('no Burmese string of the locale files or the message tables contains a Latin digit', () => {
    const found = [...LOCALE_ENTRIES, ...TABLE_ENTRIES]
      .filter((e) => e.my !== undefined && /[0-9]/.test(withoutKept(e.my)))
      .map((e) => `${e.where}: ${e.my}`);
    expect(found).toEqual([]);
  });

  it('renders every message code with Burmese digits in its numbers, and Latin digits in English', () => {
    for (const code of Object.keys(MESSAGE_TEMPLATES)) {
      const my = renderMessage(`${code}|name|255|8`, 'my');
      expect(my, code).not.toMatch(/[0-9]/);
      if (MESSAGE_TEMPLATES[code as keyof typeof MESSAGE_TEMPLATES].en.includes(':0')) {
        expect(my, code).toContain('၂၅၅');
        expect(renderMessage(`${code}|name|255|8`, 'en'), code).toContain('255');
      }
    }
    expect(renderMessage('throttled||42', 'my')).toContain('၄၂ စက္ကန့်');
    expect(renderMessage('max|name|255', 'my')).toBe('အမည် သည် စာလုံး ၂၅၅ လုံးထက် မပိုရပါ။');
  });
});

describe('nothing left untranslated', () => {
  const isKeptEnglish = (text: string) => !/[A-Za-z]/.test(withoutKept(text));

  it('every English locale key has a Burmese value, and it is not the English text', () => {
    const found = LOCALE_ENTRIES.filter((e) => e.en !== '')
      .filter((e) => e.my === undefined || e.my.trim() === '' || (e.my === e.en && !isKeptEnglish(e.my)))
      .map((e) => `${e.where}: ${e.my === undefined ? 'missing' : `"${e.my}"`}`);
    expect(found).toEqual([]);
  });

  it('every message template, field label and Form One label has Burmese that is not the English', () => {
    const found = TABLE_ENTRIES.filter((e) => !e.my || (e.my === e.en && !isKeptEnglish(e.my))).map(
      (e) => `${e.where}: "${e.my}"`,
    );
    expect(found).toEqual([]);
  });

  it('catches what it is meant to catch', () => {
    expect(isKeptEnglish('EIET')).toBe(true);
    expect(isKeptEnglish('{{size}} KB')).toBe(true);
    expect(isKeptEnglish('Basic')).toBe(false);
    expect(isKeptEnglish('National Counterpart')).toBe(false);
    expect(/[0-9]/.test(strip('အဆင့် {{step}} / 7 တွင်'))).toBe(true);
    expect(/[0-9]/.test(strip('အဆင့် {{step}} / {{total}} တွင်'))).toBe(false);
  });
});

// ---- What the second review found the rules above let through (burmese-2026-11-25.md, G6) ----

const BURMESE_VALUES = () => [...LOCALE_ENTRIES, ...TABLE_ENTRIES].filter((e) => e.my && MYANMAR.test(e.my));

/** English in brackets after the Burmese is allowed ("ကုဒ်ပြောင်းတန်ဖိုး (hash)"); English standing in is not. */
const latinLeft = (text: string) =>
  withoutKept(text)
    .replace(/\([^()]*\)/g, ' ')
    .replace(/\S+@\S+|https?:\/\/\S+/g, ' ')
    .match(/[A-Za-z]+/g) ?? [];

describe('one Burmese voice, second review', () => {
  it('no English word stands in a Burmese string (only kept words, or English in brackets after the Burmese)', () => {
    const found = BURMESE_VALUES()
      .map((e) => ({ e, left: latinLeft(e.my!) }))
      .filter(({ left }) => left.length > 0)
      .map(({ e, left }) => `${e.where}: ${left.join(' ')}`);
    expect(found).toEqual([]);
  });

  it('keeps the numbers of the English: a number may not vanish from the Burmese ("SHA-256" cut to "SHA")', () => {
    const found: string[] = [];
    for (const e of BURMESE_VALUES()) {
      if (!e.en) continue;
      const mine = e.my!;
      for (const n of strip(e.en).match(/\d+/g) ?? []) {
        if (!mine.includes(n) && !mine.includes(toMyanmarDigits(n)))
          found.push(`${e.where}: ${n} missing in "${mine}"`);
      }
    }
    expect(found).toEqual([]);
  });

  it('writes the ellipsis "…" and curly quotes in Burmese strings, never "..." or straight quotes', () => {
    const found = BURMESE_VALUES()
      .filter((e) => e.my!.includes('...') || /"/.test(e.my!.replace(/<[^>]*>/g, '')))
      .map((e) => `${e.where}: ${e.my}`);
    expect(found).toEqual([]);
  });

  it('greets with "X ထံသို့" in every mail (not မင်္ဂလာပါ, which only the web menu uses)', () => {
    const found = sourceLines()
      .filter((e) => /\.mail\.ts:|staff-notice\.ts:/.test(e.where) && e.my!.includes('မင်္ဂလာပါ'))
      .map((e) => e.where);
    expect(found).toEqual([]);
  });

  it('names the review disciplines in Burmese (Form One keeps its English role names, the review does not)', () => {
    for (const [key, title] of Object.entries(DISCIPLINE_TITLES)) {
      expect(title.my, key).toMatch(MYANMAR);
      expect(latinLeft(title.my), key).toEqual([]);
    }
  });

  it('catches what it is meant to catch', () => {
    expect(latinLeft('စကားဝှက်ကို hash အဖြစ်သာ သိမ်းပါသည်။')).toEqual(['hash']);
    expect(latinLeft('ကုဒ်ပြောင်းတန်ဖိုး (hash) အဖြစ်')).toEqual([]);
    expect(latinLeft('Project အခန်းကဏ္ဍ')).toEqual(['Project']);
    expect(latinLeft('Bored ပိုင်')).toEqual(['Bored']);
    expect(latinLeft('{{size}} B')).toEqual([]);
    expect(/[0-9]/.test(withoutKept('အကြောင်းအရာ၏ SHA-256 တန်ဖိုး'))).toBe(false);
    expect(/[0-9]/.test(withoutKept('ဥပမာ abcde-12345 ပုံစံ'))).toBe(false);
    expect(/[0-9]/.test(withoutKept('ဥပမာ (555) 123'))).toBe(true);
  });
});
