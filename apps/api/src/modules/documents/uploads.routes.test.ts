import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, injectAs, type TestUser } from '../../../test/accounts';
import { createUpload, headUpload, patchUpload } from '../../../test/documents';
import { dataDirStreamingStore } from '../../lib/file-store/streaming-store';
import { DESIGN_AREA, PortalTusStore, uploadKey } from './uploads.store';

// On PostgreSQL the files are shared (DATABASE_URL): the bytes go to file_chunks rows.
const databaseUrl = process.env.TEST_DATABASE_URL;
let t: TestApp;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ config: { databaseUrl } });
  owner = await createUser(t.database);
  other = await createUser(t.database);
});
afterAll(() => t.close());

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const random = (n: number) => {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 7919 + (i >> 8)) & 255;
  return b;
};
const files = () => dataDirStreamingStore(t.config.dataDir, DESIGN_AREA);

describe('tus uploads at /api/uploads', () => {
  it('answers 401 without a token and 403 for an unverified account, in JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { 'tus-resumable': '1.0.0' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Unauthenticated.');
    const unverified = await createUser(t.database, { verified: false });
    expect(
      (await injectAs(t.app, unverified.token, { method: 'HEAD', url: '/api/uploads/' + 'a'.repeat(32) })).statusCode,
    ).toBe(403);
  });

  it('creates, reports the offset, appends in parts and finishes', async () => {
    const bytes = random(300_000);
    const id = await createUpload(t.app, owner.token, bytes.length);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const head = await headUpload(t.app, owner.token, id);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('0');
    expect(head.headers['upload-length']).toBe(String(bytes.length));
    expect(head.headers['cache-control']).toBe('no-store');

    const first = await patchUpload(t.app, owner.token, id, 0, bytes.subarray(0, 100_000));
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe('100000');
    // A PATCH at the wrong offset changes nothing.
    expect((await patchUpload(t.app, owner.token, id, 5, bytes.subarray(5, 10))).statusCode).toBe(409);
    const rest = await patchUpload(t.app, owner.token, id, 100_000, bytes.subarray(100_000));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(bytes.length));
    expect(await files().sha256(uploadKey(id))).toBe(sha(bytes));
  });

  it('shows an upload to its own account only (404 for another, also for DELETE)', async () => {
    const id = await createUpload(t.app, owner.token, 10);
    expect((await headUpload(t.app, other.token, id)).statusCode).toBe(404);
    expect((await patchUpload(t.app, other.token, id, 0, Buffer.from('0123456789'))).statusCode).toBe(404);
    expect(
      (
        await injectAs(t.app, other.token, {
          method: 'DELETE',
          url: `/api/uploads/${id}`,
          headers: { 'tus-resumable': '1.0.0' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await headUpload(t.app, owner.token, id)).statusCode).toBe(200);
    expect((await headUpload(t.app, owner.token, 'not-an-id')).statusCode).toBe(404);
  });

  it('removes an upload on DELETE (termination)', async () => {
    const id = await createUpload(t.app, owner.token, 20);
    await patchUpload(t.app, owner.token, id, 0, Buffer.alloc(10, 1));
    const del = await injectAs(t.app, owner.token, {
      method: 'DELETE',
      url: `/api/uploads/${id}`,
      headers: { 'tus-resumable': '1.0.0' },
    });
    expect(del.statusCode).toBe(204);
    expect((await headUpload(t.app, owner.token, id)).statusCode).toBe(404);
    expect(await files().size(uploadKey(id))).toBe(0);
  });

  it('refuses an upload over 100 MiB (413) and one without a file name (400)', async () => {
    const big = await injectAs(t.app, owner.token, {
      method: 'POST',
      url: '/api/uploads',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(100 * 1024 * 1024 + 1) },
    });
    expect(big.statusCode).toBe(413);
    const nameless = await injectAs(t.app, owner.token, {
      method: 'POST',
      url: '/api/uploads',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(nameless.statusCode).toBe(400);
  });

  it('removes uploads older than 24 hours in the sweep', async () => {
    const id = await createUpload(t.app, owner.token, 20);
    await patchUpload(t.app, owner.token, id, 0, Buffer.alloc(10, 1));
    const clock = { now: new Date(Date.now() + 23 * 3600_000) };
    const store = new PortalTusStore(t.database, files(), () => clock.now);
    expect((await headUpload(t.app, owner.token, id)).statusCode).toBe(200);
    await store.deleteExpired();
    expect((await headUpload(t.app, owner.token, id)).statusCode).toBe(200);
    clock.now = new Date(Date.now() + 25 * 3600_000);
    expect(await store.deleteExpired()).toBeGreaterThan(0);
    expect((await headUpload(t.app, owner.token, id)).statusCode).toBe(404);
    expect(await files().size(uploadKey(id))).toBe(0);
  });

  it('resumes an upload cut off halfway after the server restarts, to the same bytes', async () => {
    const bytes = random(3 * 1024 * 1024 + 123);
    const id = await createUpload(t.app, owner.token, bytes.length);
    const address = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 }));
    // A client that announces the whole body, sends 2 MiB of it, and drops the connection.
    const half = 2 * 1024 * 1024;
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(address.port), address.hostname, () => {
        socket.write(
          [
            `PATCH /api/uploads/${id} HTTP/1.1`,
            `Host: ${address.host}`,
            `Authorization: Bearer ${owner.token}`,
            'Tus-Resumable: 1.0.0',
            'Upload-Offset: 0',
            'Content-Type: application/offset+octet-stream',
            `Content-Length: ${bytes.length}`,
            '',
            '',
          ].join('\r\n'),
        );
        socket.write(bytes.subarray(0, half), () => setTimeout(() => socket.destroy(), 300));
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    // The server keeps what reached its store (the last pieces in flight may be lost: the
    // client resumes from the offset HEAD reports).
    let offset = -1;
    for (let i = 0, last = -2; i < 50 && offset !== last; i++) {
      await new Promise((r) => setTimeout(r, 200));
      last = offset;
      offset = Number((await headUpload(t.app, owner.token, id)).headers['upload-offset']);
    }
    expect(offset).toBeGreaterThan(half / 2);
    expect(offset).toBeLessThanOrEqual(half);
    await t.app.close();

    // A new server process on the same database and data folder.
    const again = await buildApp({ config: t.config, database: t.database, now: () => t.clock.now });
    await again.ready();
    try {
      const head = await headUpload(again, owner.token, id);
      expect(head.statusCode).toBe(200);
      expect(Number(head.headers['upload-offset'])).toBe(offset);
      const rest = await patchUpload(again, owner.token, id, offset, bytes.subarray(offset));
      expect(rest.statusCode, rest.body).toBe(204);
      expect(rest.headers['upload-offset']).toBe(String(bytes.length));
      expect(await files().sha256(uploadKey(id))).toBe(sha(bytes));
    } finally {
      t.app = again;
    }
  });
});
