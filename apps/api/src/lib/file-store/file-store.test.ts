import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSavedAndReadBack } from '../../../test/file-store-contract';
import { localFileStore, type FileStore } from './file-store';

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
    const key = await expectSavedAndReadBack(store, bytes);
    await store.discard(key);
    expect(await store.readIfPresent(key)).toBeUndefined();
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
