import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { encryptedPdf, handBuiltPdf, OPEN_ACTION_JS } from './hand-built-pdf.test-helpers';
import { inspectPdfBytes } from './inspect-pdf';

describe('inspectPdf (decision 066)', () => {
  it('reads a plain file: readable, one page, nothing active', async () => {
    expect(await inspectPdfBytes(handBuiltPdf({ filter: 'FlateDecode' }))).toEqual({
      readable: true,
      encrypted: false,
      activeContent: [],
      pages: 1,
    });
  });

  it('names the active content it finds inside an object stream', async () => {
    const found = await inspectPdfBytes(
      handBuiltPdf({ catalogExtra: '/OpenAction 5 0 R', hidden: OPEN_ACTION_JS, filter: 'ASCII85Decode' }),
    );
    expect(found).toMatchObject({ readable: true, activeContent: ['/JS', '/JavaScript'] });
  });

  it('reads a file encrypted with an owner password only, and says it is encrypted', async () => {
    expect(await inspectPdfBytes(encryptedPdf(handBuiltPdf(), ''))).toMatchObject({
      readable: true,
      encrypted: true,
      pages: 1,
    });
  });

  it('counts what it cannot read in time, or at all, as unreadable, without leaking the file path', async () => {
    expect(await inspectPdfBytes(handBuiltPdf(), { timeoutMs: 1 })).toMatchObject({
      readable: false,
      reason: 'timeout',
    });
    const junk = await inspectPdfBytes(Buffer.from('%PDF-1.7\nnot really a pdf\n%%EOF\n'));
    expect(junk).toMatchObject({ readable: false, pages: null });
    expect(junk.reason).not.toContain(tmpdir());
  });
});
