import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letter of each word, upper-cased', () => {
    expect(initials('aung min thu')).toBe('AMT');
    expect(initials('  Su   Su  ')).toBe('SS');
  });

  it("falls back to 'User' without a name", () => {
    expect(initials('')).toBe('User');
    expect(initials('   ')).toBe('User');
    expect(initials(null)).toBe('User');
  });

  it('keeps letters outside ASCII whole', () => {
    expect(initials('မောင် အောင်')).toBe('မအ');
    expect(initials('élodie')).toBe('É');
  });

  it('skips a Burmese honorific (ဦး, ဒေါ်), which is not part of the name', () => {
    expect(initials('ဦး အောင် မင်း')).toBe('အမ');
    expect(initials('ဒေါ် ခင် ခင်')).toBe('ခခ');
    expect(initials('ဦး')).toBe('ဦ');
  });
});
