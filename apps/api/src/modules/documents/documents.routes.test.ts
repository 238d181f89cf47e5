import { createHash } from 'node:crypto';
import { get as httpGet } from 'node:http';
import { Writable } from 'node:stream';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import type { FormOneData } from '@hpbc/shared/form-one';
import { libraryDocuments, users } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, injectAs, requestsAs, type TestUser } from '../../../test/accounts';
import {
  attachDocument,
  hiddenScriptPdf,
  testPdf,
  uploadBytes,
  createUpload,
  patchUpload,
} from '../../../test/documents';
import { databaseStreamingStore, localStreamingStore } from '../../lib/file-store/streaming-store';
import { qrOfPage } from '../../../test/qr';
import { insertEietCompany } from '../../../test/public-records';
import { jcs } from '../../../test/canonical-json';

const databaseUrl = process.env.TEST_DATABASE_URL;
let t: TestApp;
let owner: TestUser;
let counterpart: TestUser;
let inspector: TestUser;
let stranger: TestUser;
let admin: TestUser;
let eietId: number;
let pdfA: Buffer;

beforeAll(async () => {
  // On PostgreSQL the files are shared (DATABASE_URL): documents live in file_chunks rows.
  t = await buildTestApp({ config: { databaseUrl } });
  counterpart = await createUser(t.database, { name: 'U Review', roles: ['national-counterpart'] });
  inspector = await createUser(t.database, { name: 'Daw Inspector' });
  stranger = await createUser(t.database, { name: 'Stranger', roles: ['national-counterpart'] });
  admin = await createUser(t.database, { name: 'Admin', admin: true });
  eietId = await insertEietCompany(t.database, { eietName: 'Shwe Inspect' });
  await t.database.db.update(users).set({ eietCompanyId: eietId }).where(eq(users.id, inspector.id));
  pdfA = await testPdf('A-101 ground floor', 3);
});
afterAll(() => t.close());

const as = requestsAs(() => t.app);
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

const naming = (extra: FormOneData = {}): FormOneData =>
  completeFormOne({
    national_architect_name: 'U Review',
    national_architect_license: 'NA-101',
    national_architect_email: counterpart.email,
    eiet_company_id: String(eietId),
    ...extra,
  });

async function draft(data: FormOneData = naming()): Promise<number> {
  owner = await createUser(t.database, { name: 'Daw Owner' });
  const res = await as(owner, { method: 'POST', url: '/api/registrations', payload: { data } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}
const submit = (id: number, data: FormOneData = naming()) =>
  as(owner, { method: 'POST', url: `/api/registrations/${id}/submit`, payload: { data } });
const attach = (id: number, body: object) =>
  as(owner, { method: 'POST', url: `/api/registrations/${id}/documents`, payload: body });
const list = (user: TestUser, id: number) => as(user, { url: `/api/registrations/${id}/documents` });

describe('POST /api/registrations/{id}/documents', () => {
  it('attaches a finished upload as revision A, then the same number as revision B replacing it', async () => {
    const id = await draft();
    const upload = await uploadBytes(t.app, owner.token, pdfA, 'ground floor.pdf');
    const res = await attach(id, {
      upload_id: upload,
      discipline: 'architect',
      kind: 'floor_plan',
      number: 'A-101',
      title: 'Ground floor plan',
    });
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json().data;
    expect(first).toMatchObject({
      discipline: 'architect',
      kind: 'floor_plan',
      number: 'A-101',
      title: 'Ground floor plan',
      revision: 'A',
      round: 1,
      pages: 3,
      size: pdfA.length,
      sha256: sha(pdfA),
      status: 'current',
      replaces_id: null,
    });
    // An upload is used once.
    const again = await attach(id, {
      upload_id: upload,
      discipline: 'architect',
      kind: 'floor_plan',
      number: 'A-102',
      title: 'x',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.upload_id).toBeDefined();

    const second = await attachDocument(t.app, owner.token, id, {
      discipline: 'architect',
      number: 'A-101',
      title: 'Ground floor plan',
    });
    expect(second.revision).toBe('B');
    const docs = (await list(owner, id)).json().data as { id: number; status: string; replaces_id: number | null }[];
    expect(docs.map((d) => [d.id, d.status, d.replaces_id])).toEqual([
      [first.id, 'superseded', null],
      [second.id, 'current', first.id],
    ]);
  });

  it('refuses what is not a readable, plain PDF (422 on upload_id)', async () => {
    const id = await draft();
    const cases: [string, Buffer][] = [
      ['text', Buffer.from('not a pdf at all, just words')],
      ['hex object stream', hiddenScriptPdf('hex')],
      ['ASCII85 object stream', hiddenScriptPdf('a85')],
      ['Flate over 16 MiB', hiddenScriptPdf('flate-big')],
    ];
    const dir = mkdtempSync(path.join(tmpdir(), 'hpbc-enc-'));
    writeFileSync(path.join(dir, 'in.pdf'), pdfA);
    execFileSync('qpdf', [
      '--encrypt',
      'user-pw',
      'owner-pw',
      '256',
      '--',
      path.join(dir, 'in.pdf'),
      path.join(dir, 'out.pdf'),
    ]);
    cases.push(['encrypted', readFileSync(path.join(dir, 'out.pdf'))]);
    rmSync(dir, { recursive: true, force: true });
    for (const [name, bytes] of cases) {
      const upload = await uploadBytes(t.app, owner.token, bytes);
      const res = await attach(id, {
        upload_id: upload,
        discipline: 'architect',
        kind: 'detail',
        number: 'D-1',
        title: name,
      });
      expect(res.statusCode, name).toBe(422);
      expect(res.json().errors.upload_id, name).toHaveLength(1);
    }
    expect((await list(owner, id)).json().data).toEqual([]);
    // Five uploads and five qpdf parses (one of a 17 MiB object stream): slow on a busy shared machine.
  }, 120_000);

  it('refuses an unfinished upload, another account’s upload, and unknown kinds or disciplines (422)', async () => {
    const id = await draft();
    const half = await createUpload(t.app, owner.token, pdfA.length);
    await patchUpload(t.app, owner.token, half, 0, pdfA.subarray(0, 100));
    const unfinished = await attach(id, {
      upload_id: half,
      discipline: 'architect',
      kind: 'detail',
      number: 'D-1',
      title: 'x',
    });
    expect(unfinished.statusCode).toBe(422);
    const theirs = await uploadBytes(t.app, stranger.token, pdfA);
    expect(
      (await attach(id, { upload_id: theirs, discipline: 'architect', kind: 'detail', number: 'D-1', title: 'x' }))
        .statusCode,
    ).toBe(422);
    const bad = await attach(id, { upload_id: 'x', discipline: 'plumbing', kind: 'mural', number: '', title: '' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['discipline', 'kind', 'number', 'title', 'upload_id']);
    const long = await attach(id, {
      upload_id: theirs,
      discipline: 'architect',
      kind: 'detail',
      number: 'N'.repeat(31),
      title: 'x',
    });
    expect(long.json().errors.number).toBeDefined();
  });

  it('answers 404 to anyone but the owner and 409 once the registration is submitted', async () => {
    const id = await draft();
    const upload = await uploadBytes(t.app, stranger.token, pdfA);
    const res = await as(stranger, {
      method: 'POST',
      url: `/api/registrations/${id}/documents`,
      payload: { upload_id: upload, discipline: 'architect', kind: 'detail', number: 'D-1', title: 'x' },
    });
    expect(res.statusCode).toBe(404);
    // Administrators read registrations but never write in the owner's name.
    const valid = { upload_id: upload, discipline: 'architect', kind: 'detail', number: 'D-1', title: 'x' };
    expect(
      (await as(admin, { method: 'POST', url: `/api/registrations/${id}/documents`, payload: valid })).statusCode,
    ).toBe(404);
    await attachDocument(t.app, owner.token, id, { discipline: 'architect' });
    expect((await submit(id)).statusCode).toBe(200);
    const late = await attach(id, {
      upload_id: await uploadBytes(t.app, owner.token, pdfA),
      discipline: 'architect',
      kind: 'detail',
      number: 'D-2',
      title: 'x',
    });
    expect(late.statusCode).toBe(409);
    expect(
      (await as(owner, { method: 'POST', url: '/api/registrations/999999/documents', payload: valid })).statusCode,
    ).toBe(404);
  });

  it('makes one document, with its bytes, of one upload attached twice at once (a retry while the first runs)', async () => {
    const id = await draft();
    const upload = await uploadBytes(t.app, owner.token, pdfA, 'twice.pdf');
    const body = { upload_id: upload, discipline: 'architect', kind: 'detail', number: 'D-7', title: 'Twice' };
    const answers = await Promise.all([attach(id, body), attach(id, body)]);
    // One makes the document; the other is told the upload is used, never a 5xx nor a second
    // document (decision 135).
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    const docs = (await list(owner, id)).json().data as { id: number; number: string }[];
    const made = docs.filter((d) => d.number === 'D-7');
    expect(made).toHaveLength(1);
    const file = await as(owner, { url: `/api/documents/${made[0]!.id}/file` });
    expect(sha(file.rawPayload)).toBe(sha(pdfA));
    const again = await attach(id, body);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.upload_id).toBeDefined();
  });
});

describe('a file renamed twice (two attaches of one upload)', () => {
  it('moves it once: the second rename fails, on local files and on chunk rows alike', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'hpbc-rename-'));
    try {
      for (const store of [localStreamingStore(root), databaseStreamingStore(t.database, 'rename-test')]) {
        await store.write('uploads/x', Buffer.from('%PDF-1.4 once'));
        await store.rename('uploads/x', 'documents/a.pdf');
        await expect(store.rename('uploads/x', 'documents/b.pdf')).rejects.toThrow();
        expect(await store.size('documents/a.pdf')).toBe(13);
        expect(await store.size('documents/b.pdf')).toBe(0);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('reading documents', () => {
  it('lists and serves them to the owner, the named counterpart, the EIET company and admins; 404 to others', async () => {
    const id = await draft();
    const doc = await attachDocument(t.app, owner.token, id, { discipline: 'architect' }, pdfA);
    // A draft is the owner's alone.
    for (const u of [counterpart, inspector, admin, stranger]) {
      expect((await list(u, id)).statusCode).toBe(404);
      expect((await as(u, { url: `/api/documents/${doc.id}/file` })).statusCode).toBe(404);
    }
    expect((await submit(id)).statusCode).toBe(200);
    for (const u of [owner, counterpart, inspector, admin]) {
      const res = await list(u, id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toHaveLength(1);
      const file = await as(u, { url: `/api/documents/${doc.id}/file` });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(sha(file.rawPayload)).toBe(sha(pdfA));
    }
    expect((await list(stranger, id)).statusCode).toBe(404);
    expect((await as(stranger, { url: `/api/documents/${doc.id}/file` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/documents/${doc.id}/file` })).statusCode).toBe(401);
    expect((await as(owner, { url: '/api/documents/abc/file' })).statusCode).toBe(404);
  });

  it('answers a Range request with 206 and exactly those bytes, 416 past the end', async () => {
    const id = await draft();
    const doc = await attachDocument(t.app, owner.token, id, { discipline: 'architect' }, pdfA);
    const part = await as(owner, { url: `/api/documents/${doc.id}/file`, headers: { range: 'bytes=100-1099' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${pdfA.length}`);
    expect(part.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(part.rawPayload, pdfA.subarray(100, 1100))).toBe(0);
    const tail = await as(owner, { url: `/api/documents/${doc.id}/file`, headers: { range: 'bytes=-10' } });
    expect(Buffer.compare(tail.rawPayload, pdfA.subarray(pdfA.length - 10))).toBe(0);
    const past = await as(owner, { url: `/api/documents/${doc.id}/file`, headers: { range: `bytes=${pdfA.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${pdfA.length}`);
  });
});

describe('a download the reader abandons', () => {
  it('is not logged as a server error, and the range requests that follow are served', async () => {
    // What a PDF viewer does: it starts the whole file, drops it once it sees Accept-Ranges,
    // then asks for ranges. The first answer is cut short by the client, not by the server.
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const served = await buildTestApp({ config: { databaseUrl, logLevel: 'info' }, deps: { logStream } });
    try {
      const reader = await createUser(served.database, { name: 'Daw Reader' });
      const created = await injectAs(served.app, reader.token, {
        method: 'POST',
        url: '/api/registrations',
        payload: { data: naming() },
      });
      const big = await testPdf('Large set', 600);
      const doc = await attachDocument(
        served.app,
        reader.token,
        created.json().data.id,
        { discipline: 'architect' },
        big,
      );
      const base = await served.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `${base}/api/documents/${doc.id}/file`;
      const auth = { authorization: `Bearer ${reader.token}` };
      for (let i = 0; i < 3; i++) {
        await new Promise<void>((resolve, reject) => {
          const req = httpGet(url, { headers: auth }, (res) => {
            res.once('data', () => req.destroy());
            res.on('error', () => undefined);
          });
          req.on('error', () => undefined);
          req.on('close', () => resolve());
          setTimeout(() => reject(new Error('the abandoned download did not close')), 5000).unref();
        });
        const part = await fetch(url, { headers: { ...auth, range: 'bytes=0-99' } });
        expect(part.status).toBe(206);
        expect(Buffer.compare(Buffer.from(await part.arrayBuffer()), big.subarray(0, 100))).toBe(0);
      }
      await new Promise((r) => setTimeout(r, 100));
      const failures = lines.filter((l) => /"level":(40|50|60)|"statusCode":5\d\d/.test(l));
      expect(failures).toEqual([]);
    } finally {
      await served.close();
    }
  });
});

describe('DELETE /api/documents/{id}', () => {
  it('removes a document never submitted (bringing back the revision it replaced) and withdraws a submitted one', async () => {
    const id = await draft();
    const a = await attachDocument(t.app, owner.token, id, { discipline: 'architect', number: 'A-1' });
    await attachDocument(t.app, owner.token, id, { discipline: 'architect', number: 'A-2' });
    expect((await submit(id)).statusCode).toBe(200);
    expect((await as(owner, { method: 'DELETE', url: `/api/documents/${a.id}` })).statusCode).toBe(409);
    // Returned for changes: documents may change again.
    const cp = await as(counterpart, {
      method: 'POST',
      url: `/api/reviews/${id}/request-changes`,
      payload: { discipline: 'architect', comments: [{ text: 'Redraw A-1.' }] },
    });
    expect(cp.statusCode, cp.body).toBe(200);
    const b = await attachDocument(t.app, owner.token, id, { discipline: 'architect', number: 'A-1' });
    expect((await as(stranger, { method: 'DELETE', url: `/api/documents/${b.id}` })).statusCode).toBe(404);
    expect((await as(owner, { method: 'DELETE', url: `/api/documents/${b.id}` })).statusCode).toBe(204);
    let docs = (await list(owner, id)).json().data as { id: number; status: string }[];
    expect(docs.find((d) => d.id === b.id)).toBeUndefined();
    expect(docs.find((d) => d.id === a.id)!.status).toBe('current');
    expect((await as(owner, { method: 'DELETE', url: `/api/documents/${a.id}` })).statusCode).toBe(204);
    docs = (await list(owner, id)).json().data;
    expect(docs.find((d) => d.id === a.id)!.status).toBe('withdrawn');
  });
});

describe('submitting needs the drawings, and the hash covers them', () => {
  it('answers 422 errors.documents when a discipline naming a counterpart has no current document', async () => {
    const id = await draft(naming({ national_structure_email: counterpart.email }));
    await attachDocument(t.app, owner.token, id, { discipline: 'architect' });
    const res = await submit(id, naming({ national_structure_email: counterpart.email }));
    expect(res.statusCode).toBe(422);
    // The message names the discipline by its title (the second Burmese review, H4).
    expect(res.json().errors.documents[0]).toContain('Structural Engineer');
    await attachDocument(t.app, owner.token, id, {
      discipline: 'structure',
      kind: 'calculation',
      number: 'S-1',
      title: 'Calculation',
    });
    expect((await submit(id, naming({ national_structure_email: counterpart.email }))).statusCode).toBe(200);
  });

  it('hashes {data, documents}, refuses a stale countersignature (409 stale) and reports sheets changed between rounds', async () => {
    const id = await draft();
    const a1 = await attachDocument(t.app, owner.token, id, { discipline: 'architect', number: 'A-101' });
    const a2 = await attachDocument(t.app, owner.token, id, {
      discipline: 'architect',
      number: 'A-102',
      kind: 'section',
      title: 'Section',
    });
    expect((await submit(id)).statusCode).toBe(200);
    const first = (await as(counterpart, { url: `/api/reviews/${id}` })).json().data;
    const documents = [a1, a2].map((d) => ({
      discipline: 'architect',
      kind: d === a1 ? 'floor_plan' : 'section',
      number: d === a1 ? 'A-101' : 'A-102',
      revision: 'A',
      sha256: d.sha256,
    }));
    expect(first.content_sha256).toBe(sha(jcs({ data: first.data, documents })));

    await as(counterpart, {
      method: 'POST',
      url: `/api/reviews/${id}/request-changes`,
      payload: { discipline: 'architect', comments: [{ text: 'Replace A-101, drop A-102.' }] },
    });
    await attachDocument(
      t.app,
      owner.token,
      id,
      { discipline: 'architect', number: 'A-101' },
      await testPdf('A-101 rev B', 2),
    );
    expect((await as(owner, { method: 'DELETE', url: `/api/documents/${a2.id}` })).statusCode).toBe(204);
    await attachDocument(t.app, owner.token, id, {
      discipline: 'architect',
      number: 'A-201',
      kind: 'elevation',
      title: 'North elevation',
    });
    expect((await submit(id)).statusCode).toBe(200);

    const second = (await as(counterpart, { url: `/api/reviews/${id}` })).json().data;
    expect(second.content_sha256).not.toBe(first.content_sha256);
    const sheets = (
      second.changes as { field: string; before: string | null; after: string | null; document?: { change: string } }[]
    )
      .filter((c) => c.document)
      .map((c) => [c.field, c.before, c.after, c.document!.change]);
    expect(sheets).toEqual([
      ['document:architect:A-101', 'A', 'B', 'replaced'],
      ['document:architect:A-102', 'A', null, 'withdrawn'],
      ['document:architect:A-201', null, 'A', 'new'],
    ]);

    const stale = await as(counterpart, {
      method: 'POST',
      url: `/api/reviews/${id}/countersign`,
      payload: { discipline: 'architect', content_sha256: first.content_sha256 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().reason).toBe('stale');
    const signed = await as(counterpart, {
      method: 'POST',
      url: `/api/reviews/${id}/countersign`,
      payload: { discipline: 'architect', content_sha256: second.content_sha256 },
    });
    expect(signed.statusCode, signed.body).toBe(201);
    expect(signed.json().data.content_sha256).toBe(second.content_sha256);
  });
});

describe('comments pinned to a drawing', () => {
  it('takes a document, page, point and clause, answers them back, and lets the counterpart resolve it', async () => {
    const [volume] = await t.database.db
      .insert(libraryDocuments)
      .values({
        id: 9101,
        title: 'Myanmar National Building Code, Part 3',
        description: 'Structure',
        filePath: '/library/p3.pdf',
        pageCount: 120,
      })
      .returning();
    const id = await draft();
    const doc = await attachDocument(t.app, owner.token, id, { discipline: 'architect' }, pdfA);
    expect((await submit(id)).statusCode).toBe(200);
    const payload = {
      discipline: 'architect',
      text: 'The stair is narrower than the code allows.',
      document_id: doc.id,
      page: 2,
      x: 0.25,
      y: 0.75,
      clause: { library_id: volume!.id, page: 42 },
    };
    const res = await as(counterpart, { method: 'POST', url: `/api/reviews/${id}/comments`, payload });
    expect(res.statusCode, res.body).toBe(201);
    const comment = res.json().data;
    expect(comment).toMatchObject({
      document_id: doc.id,
      page: 2,
      x: 0.25,
      y: 0.75,
      clause: { library_id: volume!.id, page: 42 },
      status: 'open',
      resolved_at: null,
    });
    const bad = await as(counterpart, {
      method: 'POST',
      url: `/api/reviews/${id}/comments`,
      payload: { ...payload, page: 4, x: 1.5, clause: { library_id: 1, page: 0 } },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['x', 'clause.page']));
    const wrongPage = await as(counterpart, {
      method: 'POST',
      url: `/api/reviews/${id}/comments`,
      payload: { ...payload, page: 4 },
    });
    expect(wrongPage.json().errors.page).toBeDefined();
    const reviewed = owner;
    const other = await draft();
    const foreign = await attachDocument(t.app, owner.token, other, { discipline: 'architect' });
    const notHers = await as(counterpart, {
      method: 'POST',
      url: `/api/reviews/${id}/comments`,
      payload: { ...payload, document_id: foreign.id },
    });
    expect(notHers.json().errors.document_id).toBeDefined();
    const pinless = await as(counterpart, {
      method: 'POST',
      url: `/api/reviews/${id}/comments`,
      payload: { discipline: 'architect', text: 'x', page: 1 },
    });
    expect(pinless.json().errors.document_id).toBeDefined();

    expect(
      (await as(stranger, { method: 'POST', url: `/api/reviews/${id}/comments/${comment.id}/resolve` })).statusCode,
    ).toBe(404);
    const resolved = await as(counterpart, {
      method: 'POST',
      url: `/api/reviews/${id}/comments/${comment.id}/resolve`,
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().data.status).toBe('resolved');
    const seen = (await as(reviewed, { url: `/api/registrations/${id}` })).json().data.comments;
    expect(seen[0]).toMatchObject({ document_id: doc.id, page: 2, status: 'resolved' });

    // The submitter answers while the registration is returned for changes (and only then, and only they).
    const answer = (user: TestUser, commentId: number) =>
      as(user, {
        method: 'POST',
        url: `/api/registrations/${id}/comments/${commentId}/answer`,
        payload: { text: 'Stair widened to 1.4 m in revision B.' },
      });
    expect((await answer(reviewed, comment.id)).statusCode).toBe(409);
    await as(counterpart, {
      method: 'POST',
      url: `/api/reviews/${id}/request-changes`,
      payload: { discipline: 'architect', comments: [{ text: 'See the pins.' }] },
    });
    expect((await answer(stranger, comment.id)).statusCode).toBe(404);
    expect((await answer(reviewed, 99999999)).statusCode).toBe(404);
    const answered = await answer(reviewed, comment.id);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({ answer: 'Stair widened to 1.4 m in revision B.' });
    expect(answered.json().data.answered_at).not.toBeNull();
  });
});

describe('the approved set', () => {
  it('stamps every page of a copy with a QR code of the verification page; the set downloads as a zip; copies verify by hash', async () => {
    const id = await draft();
    const doc = await attachDocument(t.app, owner.token, id, { discipline: 'architect' }, pdfA);
    expect((await submit(id)).statusCode).toBe(200);
    expect((await as(owner, { url: `/api/documents/${doc.id}/approved` })).statusCode).toBe(404);
    const hash = (await as(counterpart, { url: `/api/reviews/${id}` })).json().data.content_sha256;
    expect(
      (
        await as(counterpart, {
          method: 'POST',
          url: `/api/reviews/${id}/countersign`,
          payload: { discipline: 'architect', content_sha256: hash },
        })
      ).statusCode,
    ).toBe(201);
    const approve = await as(admin, {
      method: 'PATCH',
      url: `/api/admin/registrations/${id}/status`,
      payload: { status: 'Approved' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const reference = approve.json().data.reference_number as string;

    const copy = await as(owner, { url: `/api/documents/${doc.id}/approved` });
    expect(copy.statusCode).toBe(200);
    const stamped = copy.rawPayload;
    expect(sha(stamped)).not.toBe(sha(pdfA));
    const verifyUrl = `${t.config.appUrl}/verify/${reference}`;
    expect(qrOfPage(stamped, 1)).toBe(verifyUrl);
    expect(qrOfPage(stamped, 3)).toBe(verifyUrl);
    const dir = mkdtempSync(path.join(tmpdir(), 'hpbc-stamp-'));
    writeFileSync(path.join(dir, 's.pdf'), stamped);
    const text = execFileSync('pdftotext', [path.join(dir, 's.pdf'), '-'], { encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    expect(text).toContain(`Reference: ${reference}`);
    expect(text).toContain('APPROVED - HPBC');
    expect(text.split('APPROVED - HPBC').length - 1).toBe(3);
    // The original is kept as it was.
    expect(sha((await as(owner, { url: `/api/documents/${doc.id}/file` })).rawPayload)).toBe(sha(pdfA));

    const zip = await as(owner, { url: `/api/registrations/${id}/documents/approved.zip` });
    expect(zip.statusCode).toBe(200);
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries)).toEqual(['architect/A-101-A.pdf']);
    expect(sha(Buffer.from(entries['architect/A-101-A.pdf']!))).toBe(sha(stamped));
    expect((await as(stranger, { url: `/api/registrations/${id}/documents/approved.zip` })).statusCode).toBe(404);

    const verify = await t.app.inject({ url: `/api/verify/${reference}` });
    expect(verify.json().documents).toEqual([
      {
        discipline: 'architect',
        number: 'A-101',
        title: 'Ground floor plan',
        revision: 'A',
        sha256: sha(pdfA),
        approved_sha256: sha(stamped),
      },
    ]);
    for (const h of [sha(stamped), sha(pdfA)]) {
      const found = await t.app.inject({ url: `/api/verify/${reference}/documents/${h}` });
      expect(found.statusCode).toBe(200);
      expect(found.json().data).toEqual({
        number: 'A-101',
        title: 'Ground floor plan',
        revision: 'A',
        discipline: 'architect',
      });
    }
    const strangers = await t.app.inject({ url: `/api/verify/${reference}/documents/${sha(await testPdf('forged'))}` });
    expect(strangers.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/verify/${reference}/documents/not-a-hash` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/verify/HPBC-0000-000000/documents/${sha(pdfA)}` })).statusCode).toBe(404);
  });
});
