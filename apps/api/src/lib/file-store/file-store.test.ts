import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileStore, sha256, type FileStore } from './file-store';

let root: string;
let store: FileStore;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'hpbc-file-store-'));
  store = localFileStore({ root, dataDirPrefix: 'uploads' });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('localFileStore', () => {
  it('saves new bytes under folder/year/uuid with their checksum, and reads them back', async () => {
    const bytes = Buffer.from('%PDF-1.4 test');
    const saved = await store.save('service-requests', bytes, new Date('2026-03-01T00:00:00Z'));
    expect(saved.key).toMatch(/^service-requests\/2026\/[0-9a-f-]{36}\.pdf$/);
    expect(saved.sha256).toBe(sha256(bytes));
    expect(await store.read(saved.key)).toEqual(bytes);
    expect(store.dataDirPath(saved.key)).toBe(`uploads/${saved.key}`);
    await store.discard(saved.key);
    expect(await store.readIfPresent(saved.key)).toBeUndefined();
  });

  it('writes named files and removes those that share a prefix, and only those', async () => {
    await store.write('12-en-1.pdf', Buffer.from('a'));
    await store.write('12-en-2.pdf', Buffer.from('b'));
    await store.write('12-my-1.pdf', Buffer.from('c'));
    await store.discardPrefix('12-en-');
    expect(await store.readIfPresent('12-en-1.pdf')).toBeUndefined();
    expect(await store.readIfPresent('12-en-2.pdf')).toBeUndefined();
    expect((await store.read('12-my-1.pdf')).toString()).toBe('c');
  });

  it('refuses a key that leaves its folder', async () => {
    await expect(store.read('../outside.pdf')).rejects.toThrow(/escapes/);
    await expect(store.write('../../x', Buffer.from('x'))).rejects.toThrow(/escapes/);
  });
});
