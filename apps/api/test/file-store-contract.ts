import { expect } from 'vitest';
import { sha256, type FileStore } from '../src/lib/file-store/file-store';

/**
 * What every FileStore does with new bytes, on disk or in the database: save puts them under
 * folder/year/uuid.pdf with their checksum, reads them back, and names them under the data
 * folder's `uploads` prefix. Returns the key.
 */
export async function expectSavedAndReadBack(store: FileStore, bytes: Buffer): Promise<string> {
  const saved = await store.save('service-requests', bytes, new Date('2026-03-01T00:00:00Z'));
  expect(saved.key).toMatch(/^service-requests\/2026\/[0-9a-f-]{36}\.pdf$/);
  expect(saved.sha256).toBe(sha256(bytes));
  expect(await store.read(saved.key)).toEqual(bytes);
  expect(store.dataDirPath(saved.key)).toBe(`uploads/${saved.key}`);
  return saved.key;
}
