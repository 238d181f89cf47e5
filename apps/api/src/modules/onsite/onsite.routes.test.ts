import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import { auditLog, inspectionPhotos, inspections } from '../../db/schema/index';
import { multipartBody } from '../service-requests/service-requests.test-helpers';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, linkToCompany, requestsAs, type TestUser } from '../../../test/accounts';
import { insertEietCompany } from '../../../test/public-records';
import { jpegWithGps, pngWithText } from '../../../test/images';
import { sitePhotoPng } from '../../db/seed/onsite.seed';

// Issue 30, on site: checklists edited by the committee, the recorded checklist, photos with the
// hash computed when they were taken, replays with an Idempotency-Key (docs/decisions/097–099).

let t: TestApp;
const clock = new Date('2026-11-24T03:00:00.000Z');
let admin: TestUser;
let inspector: TestUser;
let otherInspector: TestUser;
let plainUser: TestUser;
let submitter: TestUser;
let inspectionId: number;
let otherInspection: number;
const itemIds: number[] = [];

const as = requestsAs(() => t.app);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function photo(
  user: TestUser,
  id: number,
  o: { bytes: Buffer; sha256?: string; key?: string; resized?: Buffer; lang?: string },
) {
  const { payload, contentType } = await multipartBody(
    { sha256: o.sha256 ?? sha(o.bytes), taken_at: '2026-11-24T09:10:00+06:30', latitude: '16.78', longitude: '96.15' },
    [
      { name: 'photo', filename: 'site.jpg', type: 'image/jpeg', bytes: o.bytes },
      ...(o.resized ? [{ name: 'resized', filename: 'site-small.png', type: 'image/png', bytes: o.resized }] : []),
    ],
  );
  return as(user, {
    method: 'POST',
    url: `/api/inspections/${id}/photos`,
    headers: {
      'content-type': contentType,
      ...(o.key ? { 'idempotency-key': o.key } : {}),
      ...(o.lang ? { 'accept-language': o.lang } : {}),
    },
    payload,
  });
}

async function registrationChoosing(companyId: number) {
  const created = await as(submitter, { method: 'POST', url: '/api/registrations', payload: { data: {} } });
  const id = created.json().data.id as number;
  const submitted = await as(submitter, {
    method: 'POST',
    url: `/api/registrations/${id}/submit`,
    payload: { data: { ...completeFormOne(), eiet_company_id: String(companyId) } },
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return id;
}

async function scheduled(user: TestUser, registration: number) {
  const res = await as(user, {
    method: 'POST',
    url: `/api/registrations/${registration}/inspections`,
    payload: { kind: 'foundation', scheduled_for: '2026-11-25T03:00:00.000Z' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

beforeAll(async () => {
  t = await buildTestApp({ deps: { now: () => clock } });
  admin = await createUser(t.database, { admin: true, name: 'Admin' });
  inspector = await createUser(t.database, { name: 'Inspector', roles: ['eiet'] });
  otherInspector = await createUser(t.database, { name: 'Other team', roles: ['eiet'] });
  plainUser = await createUser(t.database, { name: 'Someone' });
  submitter = await createUser(t.database, { name: 'Owner' });
  const ours = await insertEietCompany(t.database, { eietName: 'Onsite Team' });
  const theirs = await insertEietCompany(t.database, { eietName: 'Other Team' });
  await linkToCompany(t.app, admin, [inspector], { kind: 'eiet', id: ours });
  await linkToCompany(t.app, admin, [otherInspector], { kind: 'eiet', id: theirs });
  inspectionId = await scheduled(inspector, await registrationChoosing(ours));
  otherInspection = await scheduled(otherInspector, await registrationChoosing(theirs));
});
afterAll(() => t.close());

describe('checklists, edited by the committee', () => {
  it('an administrator adds items (audited); EIET teams read those in use; others are refused', async () => {
    for (const [position, text] of [
      [1, 'Pile caps as drawn'],
      [2, 'Reinforcement cover'],
    ] as const) {
      const res = await as(admin, {
        method: 'POST',
        url: '/api/admin/inspection-checklists',
        payload: {
          kind: 'foundation',
          position,
          text_en: text,
          text_my: 'အုတ်မြစ် စစ်ဆေးချက်',
          recommendation: 'Structural 2.3',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      itemIds.push(res.json().data.id);
    }
    const bad = await as(admin, {
      method: 'POST',
      url: '/api/admin/inspection-checklists',
      payload: { kind: 'roof', position: 1, text_en: '', text_my: 'x' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['kind', 'text_en']);
    expect(
      (await as(inspector, { method: 'POST', url: '/api/admin/inspection-checklists', payload: {} })).statusCode,
    ).toBe(403);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.recordType, 'checklist_item'));
    expect(audit.length).toBe(2);

    const list = await as(inspector, { method: 'GET', url: '/api/company/checklists' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((i: { id: number }) => i.id)).toEqual(itemIds);
    expect((await as(plainUser, { method: 'GET', url: '/api/company/checklists' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/company/checklists' })).statusCode).toBe(401);
  });
});

describe('the recorded checklist', () => {
  const body = () => ({
    items: [
      { item_id: itemIds[0], result: 'passed', note: '' },
      { item_id: itemIds[1], result: 'failed', note: 'Cover 30 mm, drawn 50 mm.' },
    ],
  });

  it('records each item with the wording of the day; a replay with the same key changes nothing', async () => {
    const first = await as(inspector, {
      method: 'PATCH',
      url: `/api/inspections/${inspectionId}/checklist`,
      headers: { 'idempotency-key': 'phone:checklist:1' },
      payload: body(),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.checklist[1]).toMatchObject({ result: 'failed', text_en: 'Reinforcement cover' });
    const audits = (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'checklist'))).length;
    const again = await as(inspector, {
      method: 'PATCH',
      url: `/api/inspections/${inspectionId}/checklist`,
      headers: { 'idempotency-key': 'phone:checklist:1' },
      payload: body(),
    });
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'checklist'))).length).toBe(audits);
    const other = await as(inspector, {
      method: 'PATCH',
      url: `/api/inspections/${inspectionId}/checklist`,
      headers: { 'idempotency-key': 'phone:checklist:1' },
      payload: { items: [{ item_id: itemIds[0], result: 'not_applicable' }] },
    });
    expect(other.statusCode).toBe(422);
  });

  it('refuses: unknown item 422, bad result 422, another company 404, no company 403, none 401', async () => {
    const url = `/api/inspections/${inspectionId}/checklist`;
    const unknown = await as(inspector, {
      method: 'PATCH',
      url,
      payload: { items: [{ item_id: 999999, result: 'passed' }] },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.items[0]).toContain('999999');
    const badResult = await as(inspector, {
      method: 'PATCH',
      url,
      payload: { items: [{ item_id: itemIds[0], result: 'ok' }] },
    });
    expect(badResult.statusCode).toBe(422);
    expect((await as(otherInspector, { method: 'PATCH', url, payload: body() })).statusCode).toBe(404);
    expect((await as(plainUser, { method: 'PATCH', url, payload: body() })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url, payload: body() })).statusCode).toBe(401);
  });
});

describe('photos', () => {
  it('keeps the original byte for byte and its resized copy; the hash is checked; a replay adds nothing', async () => {
    const original = jpegWithGps();
    const resized = pngWithText();
    const first = await photo(inspector, inspectionId, { bytes: original, resized, key: 'phone:photo:1' });
    expect(first.statusCode, first.body).toBe(201);
    const data = first.json().data;
    expect(data).toMatchObject({ sha256: sha(original), type: 'image/jpeg', latitude: 16.78, longitude: 96.15 });
    expect(data.taken_at).toBe('2026-11-24T02:40:00.000Z');
    const again = await photo(inspector, inspectionId, { bytes: original, resized, key: 'phone:photo:1' });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    const rows = await t.database.db
      .select()
      .from(inspectionPhotos)
      .where(eq(inspectionPhotos.inspectionId, inspectionId));
    expect(rows.length).toBe(1);

    const kept = await as(inspector, { method: 'GET', url: data.original_url });
    expect(kept.statusCode).toBe(200);
    expect(sha(kept.rawPayload)).toBe(sha(original));
    const small = await as(submitter, { method: 'GET', url: data.url });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/png');
    expect(small.rawPayload.equals(resized)).toBe(true);
    expect((await as(otherInspector, { method: 'GET', url: data.url })).statusCode).toBe(404);
    expect((await as(plainUser, { method: 'GET', url: data.original_url })).statusCode).toBe(404);
    expect((await as(admin, { method: 'GET', url: data.original_url })).statusCode).toBe(200);

    const record = await as(submitter, { method: 'GET', url: `/api/inspections/${inspectionId}/onsite` });
    expect(record.statusCode).toBe(200);
    expect(record.json().data.photos.length).toBe(1);
    expect(record.json().data.checklist.length).toBe(2);
    expect(
      (await as(otherInspector, { method: 'GET', url: `/api/inspections/${inspectionId}/onsite` })).statusCode,
    ).toBe(404);
  });

  it('a photo whose bytes do not match its hash is 422 on sha256 (in Burmese too), and nothing is kept', async () => {
    const before = (await t.database.db.select().from(inspectionPhotos)).length;
    const changed = Buffer.concat([jpegWithGps(), Buffer.from([0])]);
    const res = await photo(inspector, inspectionId, { bytes: changed, sha256: sha(jpegWithGps()) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.sha256[0]).toMatch(/does not match/);
    const my = await photo(inspector, inspectionId, { bytes: changed, sha256: sha(jpegWithGps()), lang: 'my' });
    expect(my.json().errors.sha256[0]).toContain('မကိုက်ညီပါ');
    const notImage = await photo(inspector, inspectionId, { bytes: Buffer.from('%PDF-1.4 not a photo') });
    expect(notImage.statusCode).toBe(422);
    expect(Object.keys(notImage.json().errors)).toEqual(['photo']);
    expect((await t.database.db.select().from(inspectionPhotos)).length).toBe(before);
  });

  it('refuses another company 404, no company 403, a done inspection 409', async () => {
    expect((await photo(otherInspector, inspectionId, { bytes: jpegWithGps() })).statusCode).toBe(404);
    expect((await photo(plainUser, inspectionId, { bytes: jpegWithGps() })).statusCode).toBe(403);
    expect((await photo(inspector, otherInspection, { bytes: jpegWithGps() })).statusCode).toBe(404);
    await t.database.db
      .update(inspections)
      .set({ status: 'done', outcome: 'passed' })
      .where(eq(inspections.id, otherInspection));
    expect((await photo(otherInspector, otherInspection, { bytes: jpegWithGps() })).statusCode).toBe(409);
    const closed = await as(otherInspector, {
      method: 'PATCH',
      url: `/api/inspections/${otherInspection}/checklist`,
      payload: { items: [{ item_id: itemIds[0], result: 'passed' }] },
    });
    expect(closed.statusCode).toBe(409);
  });
});

describe('the report the portal makes', () => {
  it('holds the checklist, remarks and photos with their hashes, in English and Burmese; only for those who may read it', async () => {
    const picture = sitePhotoPng(160, 120, 1);
    const added = await photo(inspector, inspectionId, { bytes: picture, resized: picture });
    expect(added.statusCode, added.body).toBe(201);
    const dir = mkdtempSync(path.join(tmpdir(), 'hpbc-onsite-report-'));
    for (const lang of ['en', 'my'] as const) {
      const res = await as(submitter, {
        method: 'GET',
        url: `/api/inspections/${inspectionId}/onsite-report`,
        headers: { 'accept-language': lang },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const file = path.join(dir, `report-${lang}.pdf`);
      writeFileSync(file, res.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      if (lang === 'en') {
        expect(text).toContain('Inspection report');
        expect(text).toContain('Reinforcement cover');
        expect(text).toContain('Cover 30 mm, drawn 50 mm.');
      } else {
        expect(text).toContain('စစ်ဆေးခြင်း အစီရင်ခံစာ');
        expect(text).toContain('အောင်မြင်');
      }
      expect(text).toContain(sha(picture));
      const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
      expect(images.length).toBeGreaterThanOrEqual(2);
    }
    expect(
      (await as(otherInspector, { method: 'GET', url: `/api/inspections/${inspectionId}/onsite-report` })).statusCode,
    ).toBe(404);
    expect(
      (await as(plainUser, { method: 'GET', url: `/api/inspections/${inspectionId}/onsite-report` })).statusCode,
    ).toBe(404);
  });
});
