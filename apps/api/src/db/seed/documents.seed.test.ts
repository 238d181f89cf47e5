import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedCounterparts, type ReviewListItem, type ReviewedRegistration } from '@hpbc/shared/counterpart-review';
import type { DesignDocument } from '@hpbc/shared/design-documents';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { qrOfPage } from '../../../test/qr';
import { DEMO_PASSWORD } from './accounts.seed';
import { seedIfEmpty } from './index';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  await seedIfEmpty({ database: t.database, dataDir: t.config.dataDir, appUrl: t.config.appUrl, now: new Date() });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: 'national@hpbc.test', password: DEMO_PASSWORD, remember: false, type: 'user' },
  });
  token = res.json().token as string;
  // The whole demo (300 projects, the library, every kind) is seeded: slow on a busy machine.
}, 240_000);
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });

describe('the demo drawing sets', () => {
  it('give every demo review its drawings, with hashes, a replaced sheet, pins and a stamped approved set', async () => {
    const items = (await get('/api/reviews')).json().data as ReviewListItem[];
    expect(items.length).toBeGreaterThanOrEqual(5);
    for (const item of items) {
      const review = (await get(`/api/reviews/${item.registration.id}`)).json().data as ReviewedRegistration;
      const docs = (await get(`/api/registrations/${item.registration.id}/documents`)).json().data as DesignDocument[];
      const current = docs.filter((d) => d.status === 'current');
      // Each discipline naming a counterpart has its drawings (submitting needs them).
      for (const { discipline } of namedCounterparts(review.data)) {
        expect(current.map((d) => d.discipline)).toContain(discipline);
      }
      expect(current.map((d) => d.discipline)).toContain('architect');
      // The stored hash is what the server computes now over {data, documents}: countersignatures on it are current.
      if (item.state === 'countersigned') expect(review.countersignatures.every((s) => s.current)).toBe(true);
      const file = await get(`/api/documents/${current[0]!.id}/file`);
      expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(current[0]!.sha256);
    }

    const yadanar = items.find((i) => i.registration.project_name === 'Yadanar Residences')!;
    const review = (await get(`/api/reviews/${yadanar.registration.id}`)).json().data as ReviewedRegistration;
    expect(review.changes.filter((c) => c.document).map((c) => [c.field, c.before, c.after])).toEqual([
      ['document:architect:A-101', 'A', 'B'],
    ]);
    const pins = review.comments.filter((c) => c.document_id !== null);
    expect(pins.map((p) => p.status).sort()).toEqual(['open', 'resolved']);
    expect(pins[0]!.clause).not.toBeNull();
    // Its stale structure countersignature stays not current.
    expect(review.countersignatures.find((s) => s.discipline === 'structure')!.current).toBe(false);

    const approved = items.find((i) => i.registration.status === 'Approved')!;
    // Its current sheets are stamped; the revisions of its open change reports (issue 30) are proposed.
    const docs = (
      (await get(`/api/registrations/${approved.registration.id}/documents`)).json().data as DesignDocument[]
    ).filter((d) => d.status === 'current');
    expect(docs.every((d) => d.approved_sha256)).toBe(true);
    const copy = await get(`/api/documents/${docs[0]!.id}/approved`);
    expect(copy.statusCode).toBe(200);
    expect(qrOfPage(copy.rawPayload)).toBe(`${t.config.appUrl}/verify/${approved.registration.reference_number}`);
    const verify = await t.app.inject({ url: `/api/verify/${approved.registration.reference_number}` });
    expect(verify.json().documents).toHaveLength(docs.length);
  });
});

describe('the demo design changes and presentation (issue 30)', () => {
  it('show a minor and a major change report on the approved set, and a presentation with its minutes', async () => {
    const items = (await get('/api/reviews')).json().data as ReviewListItem[];
    const reviews: ReviewedRegistration[] = [];
    for (const item of items) reviews.push((await get(`/api/reviews/${item.registration.id}`)).json().data);
    const changed = reviews.find((r) => r.change_reports.length > 0)!;
    expect(changed.status).toBe('Approved');
    expect(changed.change_reports.map((r) => r.kind).sort()).toEqual(['major', 'minor']);
    for (const r of changed.change_reports) {
      expect(r.status).toBe('open');
      expect(r.documents).toHaveLength(1);
      expect(r.documents[0]!.revision).not.toBe('A');
    }
    expect(changed.change_reports.find((r) => r.kind === 'major')!.comments).toHaveLength(1);
    // The demo counterpart can act on it: acknowledging the minor one puts its revision in the approved set.
    const minor = changed.change_reports.find((r) => r.kind === 'minor')!;
    const ack = await t.app.inject({
      method: 'POST',
      url: `/api/change-reports/${minor.id}/acknowledge`,
      headers: { authorization: `Bearer ${token}` },
      payload: { discipline: minor.disciplines[0] },
    });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json().data.status).toBe('acknowledged');

    const presented = reviews.find((r) => r.presentations.length > 0)!;
    expect(presented.presentations[0]!.minutes).toContain('structural concept');
    expect(presented.presentations[0]!.invitees.every((i) => i.answer === 'accepted')).toBe(true);
  });
});
