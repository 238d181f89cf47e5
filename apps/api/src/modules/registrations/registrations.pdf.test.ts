import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import { renderRegistrationPdf, scriptRuns, withoutEmoji } from './registrations.pdf';

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

describe('symbols in the PDF', () => {
  const SYMBOLS = 'Area 120 m² ± 5 %, µ ½ Ω, ≥ 3 → ✓ ✗ ★ ■ ≤ ≠ √ ∞ 25 ℃ № 4';

  it('are drawn in a face that has them (they printed as empty boxes)', () => {
    const faces = Object.fromEntries(
      scriptRuns(SYMBOLS).flatMap((run) => [...run.text].filter((c) => c.trim()).map((c) => [c, run.script])),
    );
    expect(faces).toMatchObject({ A: 'lat', '²': 'sans', '±': 'sans', Ω: 'greek', '≥': 'math', '→': 'math' });
    expect(['math', 'sym']).toContain(faces['✓']);
    expect(faces['✗']).toBe('sym');
    // No face has ℃ or №: they are spelt with characters that have one.
    expect(
      scriptRuns('25 ℃ № 4')
        .map((r) => r.text)
        .join(''),
    ).toBe('25 °C No 4');
  });

  it('come out of the printed PDF as the same characters', async () => {
    const data = { ...completeFormOne(), project_name: SYMBOLS };
    const pdf = await renderRegistrationPdf({
      referenceNumber: 'HPBC-2026-000001',
      status: 'Submitted',
      submittedAt: new Date('2026-11-24T03:00:00Z'),
      owner: { name: 'Daw Symbol', email: 'symbol@example.test' },
      data,
      history: [],
      locale: 'en',
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'hpbc-pdf-'));
    try {
      writeFileSync(path.join(dir, 'form.pdf'), pdf);
      const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'form.pdf'), '-'], { encoding: 'utf8' });
      // Drawn in the faces that have them, not as the Latin face's empty box.
      const embedded = execFileSync('pdffonts', [path.join(dir, 'form.pdf')], { encoding: 'utf8' });
      for (const face of [
        'NotoSansMyanmar-Regular',
        'NotoSans-Regular',
        'NotoSansMath-Regular',
        'NotoSansSymbols2-Regular',
      ]) {
        expect(embedded, face).toContain(face);
      }
      for (const symbol of ['m²', '±', 'µ', '½', 'Ω', '≥', '→', '✓', '✗', '★', '■', '≤', '≠', '√', '∞', '°C']) {
        expect(text, symbol).toContain(symbol);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
