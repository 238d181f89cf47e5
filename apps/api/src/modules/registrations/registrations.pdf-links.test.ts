import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import type { Locale } from '@hpbc/shared';
import { renderRegistrationPdf } from './registrations.pdf';

/**
 * Issue 28, item 8: the registration PDF, /verify and the public project page lead to each
 * other; the PDF lists the countersignatures (discipline, counterpart, date) and the RN.
 * Read back with pdftotext, as a reader's tools would.
 */
/** Checks read as booleans: a failing match on the whole text would print (and diff) pages of it. */
async function textOf(locale: Locale, published = true): Promise<string> {
  const verifyUrl = 'https://hpbc.example/verify/HPBC-2026-000042';
  const pdf = await renderRegistrationPdf({
    referenceNumber: 'HPBC-2026-000042',
    status: 'Approved',
    submittedAt: new Date('2026-11-24T03:00:00Z'),
    owner: { name: 'Daw Owner', email: 'owner@example.test' },
    data: completeFormOne(),
    history: [],
    locale,
    verification: {
      url: verifyUrl,
      contentSha256: 'a'.repeat(64),
      qrPng: await QRCode.toBuffer(verifyUrl, { type: 'png', margin: 4, scale: 4 }),
    },
    ...(published ? { published: { rnNumber: 1234, projectUrl: 'https://hpbc.example/project-detail/77' } } : {}),
    countersignatures: published
      ? [
          { discipline: 'architect', name: 'U Kyaw Architect', signedAt: new Date('2026-11-25T04:30:00Z') },
          { discipline: 'structure', name: 'Daw Mya Structure', signedAt: new Date('2026-11-26T05:00:00Z') },
        ]
      : [],
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'hpbc-pdf-links-'));
  try {
    writeFileSync(path.join(dir, 'form.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'form.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the registration PDF links to /verify and the public project page, with RN and countersignatures', () => {
  it('in English', async () => {
    const text = await textOf('en');
    expect(/RN \(registration number\)\s+1234/.test(text), String(/RN \(registration number\)\s+1234/)).toBe(true);
    expect(
      text.includes('https://hpbc.example/verify/HPBC-2026-000042'),
      'https://hpbc.example/verify/HPBC-2026-000042',
    ).toBe(true);
    expect(text.includes('https://hpbc.example/project-detail/77'), 'https://hpbc.example/project-detail/77').toBe(
      true,
    );
    expect(text.includes('Countersignatures'), 'Countersignatures').toBe(true);
    expect(
      /Architect\s+U Kyaw Architect — November 25, 2026 at 11:00 AM/.test(text),
      String(/Architect\s+U Kyaw Architect — November 25, 2026 at 11:00 AM/),
    ).toBe(true);
    expect(
      /Structural Engineer\s+Daw Mya Structure — November 26, 2026 at 11:30 AM/.test(text),
      String(/Structural Engineer\s+Daw Mya Structure — November 26, 2026 at 11:30 AM/),
    ).toBe(true);
  });

  it('in Burmese, with Burmese digits', async () => {
    const text = await textOf('my');
    expect(text.includes('မှတ်ပုံတင်အမှတ် (RN)'), 'မှတ်ပုံတင်အမှတ် (RN)').toBe(true);
    expect(text.includes('၁၂၃၄'), '၁၂၃၄').toBe(true);
    expect(text.includes('https://hpbc.example/project-detail/77'), 'https://hpbc.example/project-detail/77').toBe(
      true,
    );
    expect(text.includes('တွဲဖက်လက်မှတ်များ'), 'တွဲဖက်လက်မှတ်များ').toBe(true);
    expect(text.includes('U Kyaw Architect'), 'U Kyaw Architect').toBe(true);
  });

  it('before approval: no RN or project page, and says no one has countersigned yet', async () => {
    const text = await textOf('en', false);
    expect(text.includes('RN (registration number)'), 'RN (registration number)').toBe(false);
    expect(text.includes('/project-detail/'), '/project-detail/').toBe(false);
    expect(text.includes('No countersignature yet.'), 'No countersignature yet.').toBe(true);
  });
});
