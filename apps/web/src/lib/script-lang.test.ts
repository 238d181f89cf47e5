import { describe, expect, it } from 'vitest';
import { langOf } from './script-lang';

describe('langOf', () => {
  it('marks text with Myanmar script as Burmese and leaves the rest to the page', () => {
    expect(langOf('ရတနာ ဆောက်လုပ်ရေး ကုမ္ပဏီ လီမိတက်')).toBe('my');
    expect(langOf('Shwe Taung Construction ကုမ္ပဏီ')).toBe('my');
    expect(langOf('Golden Land Development Co., Ltd.')).toBeUndefined();
    expect(langOf('')).toBeUndefined();
    expect(langOf(null)).toBeUndefined();
  });
});
