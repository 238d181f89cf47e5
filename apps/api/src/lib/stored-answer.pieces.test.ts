import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { discardStored, etagOfHash, storeAnswer } from './stored-answer';

afterEach(() => vi.restoreAllMocks());

/** Pieces as a list read in batches gives them: text of varied length, Burmese among it. */
function pieceTexts(n: number): string[] {
  return Array.from(
    { length: n },
    (_, i) => `{"id":${i},"name":"ရွှေ Tower ${i}","pad":"${'x'.repeat((i * 7919) % 5000)}"},`,
  );
}

async function* piecesOf(texts: readonly string[]): AsyncGenerator<string> {
  for (const text of texts) yield text;
}

describe('a stored answer made from text pieces (docs/decisions/123)', () => {
  it('writes the same bytes without a new buffer for each piece', async () => {
    const texts = pieceTexts(300);
    const head = Buffer.from('{"data":[');
    const expected = Buffer.concat([head, Buffer.from(texts.join(''))]);
    const made = new Set(texts);
    const from = vi.spyOn(Buffer, 'from');
    const stored = await storeAnswer([head], piecesOf(texts));
    // A Buffer made from each piece outlived the young generation while three files took it,
    // and the dead ones piled up outside the heap while a decade's list was made.
    const perPiece = from.mock.calls.filter(([value]) => typeof value === 'string' && made.has(value));
    from.mockRestore();
    expect(perPiece).toHaveLength(0);
    try {
      expect(readFileSync(stored.json.path).equals(expected)).toBe(true);
      expect(gunzipSync(readFileSync(stored.gzip.path)).equals(expected)).toBe(true);
      expect(brotliDecompressSync(readFileSync(stored.br.path)).equals(expected)).toBe(true);
      expect(stored.etag).toBe(etagOfHash(createHash('sha256').update(expected)));
      expect(stored.json.size).toBe(expected.length);
    } finally {
      discardStored(stored);
    }
  });
});
