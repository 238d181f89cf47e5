import { describe, expect, it } from 'vitest';
import { scriptRuns, withoutEmoji } from './registrations.pdf';

describe('emoji in the PDF', () => {
  it('are dropped cleanly, since no font of the PDF has them (they printed as empty boxes)', () => {
    expect(withoutEmoji('Shwe Tower 🏢 A')).toBe('Shwe Tower A');
    expect(withoutEmoji('👍🏽 Approved by the owner 👨‍👩‍👧')).toBe('Approved by the owner');
    expect(withoutEmoji('Flag 🇲🇲 and keycap 1️⃣ and heart ❤️.')).toBe('Flag and keycap 1 and heart .');
    expect(withoutEmoji('ရွှေ 🌟 တာဝါ')).toBe('ရွှေ တာဝါ');
  });

  it('keeps every other character, the symbols the Latin font has, and the layout of text without emoji', () => {
    expect(withoutEmoji('© HPBC ® ™ — “Tower”')).toBe('© HPBC ® ™ — “Tower”');
    expect(withoutEmoji('  indented\n\nline')).toBe('  indented\n\nline');
  });

  it('never reach the script runs that are drawn', () => {
    const drawn = scriptRuns('Tower 🏗️ ရွှေ ✨')
      .map((r) => r.text)
      .join('');
    expect(drawn).toBe('Tower ရွှေ');
    expect(drawn).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});
