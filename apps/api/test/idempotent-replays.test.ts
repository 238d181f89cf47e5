import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import { idempotencyKeys, inspections } from '../src/db/schema/index';
import { makePdf, multipartBody } from '../src/modules/service-requests/service-requests.test-helpers';
import { buildTestApp, type TestApp } from './build-test-app';
import { createUser, linkToCompany, mailsTo, requestsAs, type TestUser } from './accounts';
import { insertEietCompany } from './public-records';

// The contract's "Replays" (docs/decisions/092-idempotent-replays.md): an offline phone sends its
// queue again; a repeat with the same Idempotency-Key changes nothing and answers the first answer.

let t: TestApp;
let clock = new Date('2026-11-24T03:00:00.000Z');
let inspector: TestUser;
let colleague: TestUser;
let submitter: TestUser;
let registration: number;

const as = requestsAs(() => t.app);
const inDays = (days: number) => new Date(clock.getTime() + days * 24 * 3600 * 1000).toISOString();
const withKey = (key: string) => ({ 'idempotency-key': key });

async function schedule(user: TestUser, key: string | undefined, body: Record<string, unknown>) {
  return as(user, {
    method: 'POST',
    url: `/api/registrations/${registration}/inspections`,
    headers: key === undefined ? {} : withKey(key),
    payload: body,
  });
}

async function inspectionCount(): Promise<number> {
  return (await t.database.db.select().from(inspections).where(eq(inspections.registrationId, registration))).length;
}

async function result(id: number, key: string, fields: Record<string, string>, report?: Buffer) {
  const { payload, contentType } = await multipartBody(
    fields,
    report ? [{ name: 'report', filename: 'site.pdf', type: 'application/pdf', bytes: report }] : [],
  );
  return as(inspector, {
    method: 'POST',
    url: `/api/inspections/${id}/result`,
    headers: { 'content-type': contentType, ...withKey(key) },
    payload,
  });
}

beforeAll(async () => {
  t = await buildTestApp({ deps: { now: () => clock } });
  const company = await insertEietCompany(t.database, { eietName: 'Replay Inspection Team' });
  const admin = await createUser(t.database, { admin: true, name: 'Admin' });
  inspector = await createUser(t.database, { name: 'Inspector', roles: ['eiet'] });
  colleague = await createUser(t.database, { name: 'Colleague', roles: ['eiet'] });
  await linkToCompany(t.app, admin, [inspector, colleague], { kind: 'eiet', id: company });
  submitter = await createUser(t.database, { name: 'Owner' });
  const created = await as(submitter, { method: 'POST', url: '/api/registrations', payload: { data: {} } });
  registration = created.json().data.id;
  const submitted = await as(submitter, {
    method: 'POST',
    url: `/api/registrations/${registration}/submit`,
    payload: { data: { ...completeFormOne(), eiet_company_id: String(company) } },
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
});
afterAll(() => t.close());

describe('Idempotency-Key on the inspection calls', () => {
  it('a sequential repeat answers the first answer, marked replayed, and schedules nothing twice', async () => {
    const body = { kind: 'foundation', scheduled_for: inDays(2), notes: 'Bring the soil report.' };
    const first = await schedule(inspector, 'phone-1:schedule:1', body);
    expect(first.statusCode, first.body).toBe(201);
    const mails = (await mailsTo(t.database, submitter.email)).length;
    const again = await schedule(inspector, 'phone-1:schedule:1', { ...body });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same fields in another order are the same request.
    const reordered = await schedule(inspector, 'phone-1:schedule:1', {
      notes: body.notes,
      scheduled_for: body.scheduled_for,
      kind: body.kind,
    });
    expect(reordered.body).toBe(first.body);
    expect(await inspectionCount()).toBe(1);
    expect((await mailsTo(t.database, submitter.email)).length).toBe(mails);
  });

  it('ten repeats in parallel record one inspection; each answers the first answer or 409 while it is processed', async () => {
    const before = await inspectionCount();
    const body = { kind: 'structure', scheduled_for: inDays(4) };
    const answers = await Promise.all(Array.from({ length: 10 }, () => schedule(inspector, 'phone-1:parallel', body)));
    expect(await inspectionCount()).toBe(before + 1);
    const created = answers.filter((a) => a.statusCode === 201);
    const busy = answers.filter((a) => a.statusCode === 409);
    expect(created.length + busy.length).toBe(10);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((a) => a.body)).size).toBe(1);
    for (const a of busy) expect(a.json().message).toMatch(/still being processed/);
    // Once done, every repeat gets the first answer.
    expect((await schedule(inspector, 'phone-1:parallel', body)).body).toBe(created[0]!.body);
  });

  it('the same key with a different body is 422 on the header, and changes nothing', async () => {
    const before = await inspectionCount();
    const first = await schedule(inspector, 'phone-1:mismatch', { kind: 'services', scheduled_for: inDays(5) });
    expect(first.statusCode).toBe(201);
    const other = await schedule(inspector, 'phone-1:mismatch', { kind: 'services', scheduled_for: inDays(6) });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({
      'Idempotency-Key': ['This Idempotency-Key was already used for a different request.'],
    });
    expect(await inspectionCount()).toBe(before + 1);
  });

  it('a key is the account’s own: a colleague’s request with the same key is a request of its own', async () => {
    const before = await inspectionCount();
    const body = { kind: 'completion', scheduled_for: inDays(7) };
    expect((await schedule(inspector, 'shared-key', body)).statusCode).toBe(201);
    const theirs = await schedule(colleague, 'shared-key', body);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await inspectionCount()).toBe(before + 2);
  });

  it('refuses a malformed key with 422 naming the header, in Burmese too', async () => {
    const body = { kind: 'foundation', scheduled_for: inDays(3) };
    for (const key of ['', 'x'.repeat(256), 'tab\there', 'ဗမာ']) {
      const res = await schedule(inspector, key, body);
      expect(res.statusCode, JSON.stringify(key)).toBe(422);
      expect(res.json().errors['Idempotency-Key']).toEqual([
        'The Idempotency-Key header must be 1 to 255 printable characters.',
      ]);
    }
    const my = await as(inspector, {
      method: 'POST',
      url: `/api/registrations/${registration}/inspections`,
      headers: { ...withKey('x'.repeat(256)), 'accept-language': 'my' },
      payload: body,
    });
    expect(my.json().errors['Idempotency-Key'][0]).toContain('၂၅၅');
  });

  it('a refusal is an answer too: its repeat gets the same 422, even after the cause is gone', async () => {
    const past = { kind: 'foundation', scheduled_for: inDays(-1) };
    const first = await schedule(inspector, 'phone-1:past', past);
    expect(first.statusCode).toBe(422);
    const again = await schedule(inspector, 'phone-1:past', past);
    expect(again.statusCode).toBe(422);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('a request still being processed answers 409; a claim left by a process that died is taken over after two minutes', async () => {
    const body = { kind: 'foundation', scheduled_for: inDays(8) };
    await t.app.idempotency.claim(inspector.id, 'phone-1:stuck', 'digest of a request in flight');
    const busy = await schedule(inspector, 'phone-1:stuck', body);
    // Another digest: the stuck claim is of a different body, which is 422 rather than 409.
    expect(busy.statusCode).toBe(422);
    await t.database.db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, inspector.id), eq(idempotencyKeys.key, 'phone-1:stuck')));

    const { requestDigest } = await import('../src/lib/idempotency');
    const url = `/api/registrations/${registration}/inspections`;
    await t.app.idempotency.claim(inspector.id, 'phone-1:stuck', requestDigest('POST', url, body));
    const inFlight = await schedule(inspector, 'phone-1:stuck', body);
    expect(inFlight.statusCode).toBe(409);
    expect(inFlight.json().message).toBe(
      'The first request with this Idempotency-Key is still being processed. Please try again in a moment.',
    );
    clock = new Date(clock.getTime() + 3 * 60_000);
    const takenOver = await schedule(inspector, 'phone-1:stuck', body);
    expect(takenOver.statusCode, takenOver.body).toBe(201);
  });

  it('a result with its report (a form) is recorded once; the repeat answers the first answer; another report is 422', async () => {
    const scheduled = await schedule(inspector, undefined, { kind: 'foundation', scheduled_for: inDays(1) });
    const id = scheduled.json().data.id as number;
    // The inspection's day has come (a result is recorded on site, on or after the date).
    await t.database.db
      .update(inspections)
      .set({ scheduledFor: new Date(clock.getTime() - 3600_000) })
      .where(eq(inspections.id, id));
    const report = await makePdf('Site report: the pile caps as drawn.');
    const fields = { outcome: 'passed', remarks: 'As drawn.' };
    const first = await result(id, 'phone-1:result', fields, report);
    expect(first.statusCode, first.body).toBe(200);
    const again = await result(id, 'phone-1:result', fields, report);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // Without the key, the same result is the 409 of an inspection already done: the key is what makes repeats safe.
    const { payload, contentType } = await multipartBody(fields);
    const unkeyed = await as(inspector, {
      method: 'POST',
      url: `/api/inspections/${id}/result`,
      headers: { 'content-type': contentType },
      payload,
    });
    expect(unkeyed.statusCode).toBe(409);
    const otherReport = await result(id, 'phone-1:result', fields, await makePdf('Another report.'));
    expect(otherReport.statusCode).toBe(422);
    expect(Object.keys(otherReport.json().errors)).toEqual(['Idempotency-Key']);
  });
});
