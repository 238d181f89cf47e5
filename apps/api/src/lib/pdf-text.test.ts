import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PRODUCT } from '@hpbc/shared';
import { FORM_ONE_STEPS } from '@hpbc/shared/form-one';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import { generateLibraryPdf } from '../db/seed/library.seed';
import { BURMESE_SAMPLE_NOTICE } from '../db/seed/library-content';
import { renderRegistrationPdf } from '../modules/registrations/registrations.pdf';

/**
 * Issue 29, items 1 and 2: every PDF the portal makes, read back by poppler (pdftotext,
 * pdfinfo, pdffonts) and qpdf. What extraction gives must be the Unicode the page shows.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'hpbc-pdf-text-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function save(pdf: Buffer): string {
  const file = path.join(dir, `${++n}.pdf`);
  writeFileSync(file, pdf);
  return file;
}
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8' });
/** pdftotext's text with every run of white space as one space. */
const text = (file: string) => run('pdftotext', [file, '-']).replace(/\s+/g, ' ');
const words = (s: string) => s.replace(/\s+/g, ' ').trim();
/** The whole file with objects uncompressed, to read the catalog and the content streams. */
const qdf = (file: string) => {
  const out = `${file}.qdf`;
  execFileSync('qpdf', ['--qdf', '--object-streams=disable', file, out]);
  return execFileSync('cat', [out]).toString('latin1');
};

const PROJECT = 'ရွှေပြည် မြို့သစ် အဆောက်အအုံ';
const OWNER = 'ဒေါ်ခင်ခင်ဝေ';
const registration = (locale: 'en' | 'my') =>
  renderRegistrationPdf({
    referenceNumber: 'HPBC-2026-000042',
    status: 'submitted',
    submittedAt: new Date('2026-11-24T03:00:00Z'),
    owner: { name: OWNER, email: 'khin@example.test' },
    data: { ...completeFormOne(), project_name: PROJECT },
    history: [{ status: 'submitted', note: 'ပြင်ဆင်ပြီး ပြန်တင်ပါသည်။', createdAt: new Date('2026-11-24T03:00:00Z') }],
    locale,
  });

describe('registration PDFs (Form One)', () => {
  it('in Burmese, extract to the Burmese the page shows: every label, title and value', async () => {
    const file = save(await registration('my'));
    const got = text(file);
    const shown = [
      PRODUCT.full.my,
      'Form One — စီမံကိန်း မှတ်ပုံတင်မှု',
      ...FORM_ONE_STEPS.flatMap((s) => [
        s.title.my,
        ...s.groups.flatMap((g) => [g.title.my, ...g.fields.map((f) => f.label.my)]),
      ]),
      PROJECT,
      OWNER,
      'ပြင်ဆင်ပြီး ပြန်တင်ပါသည်။',
    ];
    for (const s of shown) expect(got, s).toContain(words(s));
    // The drawing order (vowel sign E or medial RA before its consonant) never leaks out.
    expect(got).not.toMatch(/(^|\s)[\u1031\u103C]/);
    expect(got).not.toContain('ေရွှ');
  });

  it('in English, extract Burmese data as typed (ရွှေပြည်, not ေရွှြပည်)', async () => {
    const got = text(save(await registration('en')));
    expect(got).toContain(PROJECT);
    expect(got).toContain(OWNER);
    expect(got).toContain('Form One — Project Registration');
    expect(got).not.toMatch(/(^|\s)[\u1031\u103C]/);
  });

  it('are tagged, titled, in their language (per span too), with XMP and PDF/UA identification', async () => {
    for (const locale of ['en', 'my'] as const) {
      const file = save(await registration(locale));
      const info = run('pdfinfo', [file]);
      expect(info).toMatch(/^Tagged:\s+yes$/m);
      expect(info).toMatch(/^Metadata Stream:\s+yes$/m);
      expect(info).toMatch(/^PDF version:\s+1\.7$/m);
      expect(info).toMatch(
        locale === 'en'
          ? /^Title:\s+Form One — Project Registration HPBC-2026-000042$/m
          : /^Title:\s+Form One — စီမံကိန်း မှတ်ပုံတင်မှု HPBC-2026-000042$/m,
      );
      const raw = qdf(file);
      expect(raw).toMatch(new RegExp(`/Lang \\(${locale}\\)\\s*/MarkInfo`));
      expect(raw).toContain('/DisplayDocTitle true');
      expect(raw).toContain('<pdfuaid:part>1</pdfuaid:part>');
      expect(raw).toContain('/StructTreeRoot');
      // Burmese spans say their language; in the Burmese PDF English spans say theirs.
      expect(raw).toMatch(/\/Span << \/Lang \(my\) \/ActualText <feff[0-9a-f]+> >> BDC/);
      if (locale === 'my') expect(raw).toContain('/Span <<\n/Lang (en)');
      // Page furniture is an artifact, outside the structure.
      expect(raw).toMatch(/\/Artifact <<\s*\/Type \/Pagination\s*>> BDC/);
      // Every font embedded.
      const fonts = run('pdffonts', [file]).split('\n').slice(2).filter(Boolean);
      expect(fonts.length).toBeGreaterThan(0);
      for (const line of fonts) expect(line.split(/\s+/).slice(-5, -4)[0], line).toBe('yes');
    }
  });
});

describe('library volumes (demo data)', () => {
  it('embed every font, say their language, and extract their Burmese passages as typed', async () => {
    const file = save((await generateLibraryPdf(1)).pdf);
    const fonts = run('pdffonts', [file]).split('\n').slice(2).filter(Boolean);
    expect(fonts.join('\n')).not.toMatch(/Helvetica/);
    for (const line of fonts) expect(line.split(/\s+/).slice(-5, -4)[0], line).toBe('yes');
    const raw = qdf(file);
    expect(raw).toMatch(/\/Lang \(en\)/);
    expect(raw).toMatch(/\/Span << \/Lang \(my\) \/ActualText/);
    expect(run('pdfinfo', [file])).toMatch(/^Metadata Stream:\s+yes$/m);
    expect(text(file)).toContain(words(BURMESE_SAMPLE_NOTICE));
  });
});
