import { describe, expect, it } from 'vitest';
import { designDocument } from '../../test/design-document';
import type { FieldChange } from '@hpbc/shared/counterpart-review';
import { sheetChanges } from './components/review-documents';
import { sheetsOf } from './components/document-list';
import { combine, OVERLAY } from './viewer/overlay';
import { numberFromName, precheck } from './upload/use-sheet-uploads';

const doc = designDocument;

/** An image of `n` pixels, each ink (black) or paper (white). */
function image(ink: boolean[]): ImageData {
  const data = new Uint8ClampedArray(ink.length * 4);
  ink.forEach((on, i) => data.set(on ? [0, 0, 0, 255] : [255, 255, 255, 255], i * 4));
  return { data, width: ink.length, height: 1, colorSpace: 'srgb' } as ImageData;
}

describe('the overlay of two revisions', () => {
  it('colours ink only in the older red, only in the newer blue, in both grey, and counts the changes', () => {
    const out = image([false, false, false, false]);
    const changed = combine(image([true, true, false, false]), image([true, false, true, false]), out);
    expect(changed).toBe(2);
    expect([...out.data.slice(0, 3)]).toEqual([...OVERLAY.both]);
    expect([...out.data.slice(4, 7)]).toEqual([...OVERLAY.older]);
    expect([...out.data.slice(8, 11)]).toEqual([...OVERLAY.newer]);
    expect([...out.data.slice(12, 15)]).toEqual([255, 255, 255]);
  });
});

describe('sheets', () => {
  it('groups revisions by discipline and number, newest first', () => {
    const sheets = sheetsOf([
      doc({ id: 1, revision: 'A', status: 'superseded' }),
      doc({ id: 2, revision: 'B', replaces_id: 1 }),
      doc({ id: 3, number: 'A-301', discipline: 'architect' }),
    ]);
    expect(sheets.map((s) => [s.number, s.revisions.map((r) => r.revision)])).toEqual([
      ['A-101', ['B', 'A']],
      ['A-301', ['A']],
    ]);
  });

  it("reads the sheets that changed from the review answer's changes", () => {
    const documents = [doc({ id: 1, status: 'superseded' }), doc({ id: 2, revision: 'B', replaces_id: 1, round: 2 })];
    const changes: FieldChange[] = [
      { field: 'project_area', before: '1', after: '2' },
      {
        field: 'document:architect:A-101',
        before: 'A',
        after: 'B',
        document: { change: 'replaced', discipline: 'architect', number: 'A-101', title: 'x', id: 2, previous_id: 1 },
      },
    ];
    const found = sheetChanges(changes, documents);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ change: 'replaced', doc: { id: 2 }, older: { id: 1 } });
  });

  it('takes a sheet number from a file name', () => {
    expect(numberFromName('A-101 Ground floor plan.pdf')).toBe('A-101');
    expect(numberFromName('S_201.pdf')).toBe('S-201');
    expect(numberFromName('calculations.pdf')).toBe('calculations');
  });
});

describe('the checks before an upload', () => {
  it('refuses what is not a PDF, an empty file and one over 100 MiB', async () => {
    expect(await precheck(new File(['%PDF-1.7\n...'], 'a.pdf'))).toBeUndefined();
    expect(await precheck(new File(['hello'], 'a.pdf'))).toEqual({ code: 'notPdf' });
    expect(await precheck(new File([], 'a.pdf'))).toEqual({ code: 'empty' });
    const big = new File(['%PDF-'], 'big.pdf');
    Object.defineProperty(big, 'size', { value: 101 * 1024 * 1024 });
    expect(await precheck(big)).toEqual({ code: 'tooBig' });
  });
});
