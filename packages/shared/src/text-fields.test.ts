import { describe, expect, it } from 'vitest';
import { optionalText, requiredText, searchText } from './text-fields';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => i.message);

describe('text fields of request bodies', () => {
  it('requiredText trims, and refuses missing, blank, non-text and too long text by name', () => {
    const title = requiredText('title', 5);
    expect(title.parse('  Tower ')).toBe('Tower');
    expect(messages(title.safeParse(undefined))).toEqual(['required|title']);
    expect(messages(title.safeParse('   '))).toEqual(['required|title']);
    expect(messages(title.safeParse(7))).toEqual(['required|title']);
    expect(messages(title.safeParse('Towers'))).toEqual(['max|title|5']);
  });

  it('optionalText makes missing, null or blank text null, and names a value that is not text by its code', () => {
    const place = optionalText('place', 10, 'in');
    for (const v of [undefined, null, '', '  ']) expect(place.parse(v)).toBeNull();
    expect(place.parse(' Hall ')).toBe('Hall');
    expect(messages(place.safeParse(3))).toEqual(['in|place']);
    expect(messages(place.safeParse('x'.repeat(11)))).toEqual(['max|place|10']);
  });

  it('searchText leaves a missing search undefined and bounds a given one', () => {
    const q = searchText('q', 3);
    expect(q.parse(undefined)).toBeUndefined();
    expect(q.parse(' ab ')).toBe('ab');
    expect(messages(q.safeParse('abcd'))).toEqual(['max|q|3']);
  });
});
