import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PRODUCT } from '@hpbc/shared';
import { qrOfPage } from '../../../test/qr';
import { stampPdf } from './documents.stamp';

/** The text poppler extracts, as a reader copying it would get it. */
function pdftotext(pdf: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'hpbc-stamp-'));
  try {
    writeFileSync(path.join(dir, 'a.pdf'), pdf);
    return execFileSync('pdftotext', [path.join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function sheet(pages: [number, number][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const size of pages) doc.addPage(size).drawText('A-101 Ground floor plan', { x: 40, y: 40, size: 14, font });
  return doc.save();
}

describe('the approved copy stamp', () => {
  const stamp = {
    referenceNumber: 'HPBC-2026-00042',
    approvedAt: new Date('2026-11-25T09:30:00Z'),
    verifyUrl: 'https://hpbc.example/verify/HPBC-2026-00042',
  };

  it('says it in English and in Burmese on every page, and pdftotext gives the Burmese back as typed', async () => {
    const stamped = await stampPdf(
      await sheet([
        [1191, 842],
        [595, 842],
      ]),
      stamp,
    );
    const text = pdftotext(stamped).normalize('NFC');
    // Both pages carry the stamp (a form feed separates pages).
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      expect(page).toContain('APPROVED - HPBC');
      expect(page).toContain('Reference: HPBC-2026-00042');
      expect(page).toContain('Date: 2026-11-25');
      // Drawn in visual order (the vowel sign E before its consonant), extracted in typed order.
      expect(page).toContain('အတည်ပြုပြီး');
      expect(page).toContain(PRODUCT.full.my);
      expect(page).toContain('ရည်ညွှန်းအမှတ်');
      expect(page).toContain('၂၀၂၆-၁၁-၂၅');
      expect(page).toContain(stamp.verifyUrl);
    }
  });

  it('keeps the QR code of the verification page readable on a small and a large sheet', async () => {
    const stamped = Buffer.from(
      await stampPdf(
        await sheet([
          [595, 842],
          [2384, 1684],
        ]),
        stamp,
      ),
    );
    expect(qrOfPage(stamped, 1)).toBe(stamp.verifyUrl);
    expect(qrOfPage(stamped, 2)).toBe(stamp.verifyUrl);
  });
});
