import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORM_MESSAGE_TEMPLATES, renderFormMessage } from './form-messages';
import { MESSAGE_TEMPLATES, messageCode, renderMessage, rule } from './messages';

const repo = path.resolve(import.meta.dirname, '../../..');

/** The sources that run in the browser: the shared package (its schemas check forms there too) and the web app. */
function browserSources(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
      d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)],
    );
  return [...walk(path.join(repo, 'packages/shared/src')), ...walk(path.join(repo, 'apps/web/src'))].filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !/[\\/](form-)?messages\.ts$/.test(f),
  );
}

describe('the pages’ part of the message table (issue 31; docs/decisions/118)', () => {
  it('holds every code that the shared schemas and the web app make', () => {
    const made = new Set<string>();
    for (const file of browserSources()) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\b(?:rule|messageCode)\(\s*'([a-z_]+)'/g)) made.add(m[1]!);
      // A code written out as a string ('integer|discipline_id').
      for (const m of text.matchAll(/['`"]([a-z_]+)\|/g)) made.add(m[1]!);
    }
    expect(made.size).toBeGreaterThan(30);
    const missing = [...made].filter((code) => !(code in FORM_MESSAGE_TEMPLATES)).sort();
    expect(missing).toEqual([]);
  });

  it('renders those codes as the whole table does, and leaves the server’s answers to the server', () => {
    for (const locale of ['en', 'my'] as const) {
      for (const message of [rule('max', 'name', 255), rule('required_with', 'to', 'from'), 'plain text']) {
        expect(renderFormMessage(message, locale)).toBe(renderMessage(message, locale));
      }
    }
    // An answer arrives rendered; its code is not in the pages' table.
    expect(renderMessage(messageCode('not_found'), 'en')).toBe('Not found.');
    expect('not_found' in FORM_MESSAGE_TEMPLATES).toBe(false);
    expect(Object.keys(MESSAGE_TEMPLATES).length).toBeGreaterThan(Object.keys(FORM_MESSAGE_TEMPLATES).length);
  });
});
