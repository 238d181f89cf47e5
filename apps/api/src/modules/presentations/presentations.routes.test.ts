import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import type { Presentation } from '@hpbc/shared/presentations';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { auditOf, createUser, mailsTo, requestsAs, type TestUser } from '../../../test/accounts';
import { attachDocument } from '../../../test/documents';
import { readDataDirFile } from '../../lib/file-store/file-store';

// Issue 30, the designer's presentation: scheduled by the committee with a calendar invitation
// (read back with a real iCalendar parser, ical.js), answered by the invitees, minutes recorded.

const databaseUrl = process.env.TEST_DATABASE_URL;
let t: TestApp;
let counterpart: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ config: { databaseUrl } });
  counterpart = await createUser(t.database, { name: 'U Counterpart', roles: ['national-counterpart'], locale: 'my' });
  admin = await createUser(t.database, { name: 'Admin', admin: true });
});
afterAll(() => t.close());

const as = requestsAs(() => t.app);
const inAWeek = () => new Date(t.clock.now.getTime() + 7 * 24 * 3600 * 1000);

async function submitted(): Promise<{ id: number; owner: TestUser; reference: string }> {
  const owner = await createUser(t.database, { name: 'Daw Owner' });
  const data = completeFormOne({
    project_name: 'Shwe Tower',
    national_architect_name: 'U Counterpart',
    national_architect_license: 'NA-1',
    national_architect_email: counterpart.email,
  });
  const id = (await as(owner, { method: 'POST', url: '/api/registrations', payload: { data } })).json().data.id;
  await attachDocument(t.app, owner.token, id, { discipline: 'architect' });
  const sub = await as(owner, { method: 'POST', url: `/api/registrations/${id}/submit`, payload: { data } });
  expect(sub.statusCode, sub.body).toBe(200);
  return { id, owner, reference: sub.json().data.reference_number };
}

const schedule = (id: number, payload: object, user = admin) =>
  as(user, { method: 'POST', url: `/api/admin/registrations/${id}/presentations`, payload });

describe('the designer’s presentation', () => {
  it('is scheduled with a calendar invitation (METHOD:REQUEST) to the owner and the counterpart, answered, and its minutes recorded', async () => {
    const { id, owner, reference } = await submitted();
    const startsAt = inAWeek();
    startsAt.setUTCMinutes(0, 0, 0);
    const res = await schedule(id, {
      starts_at: startsAt.toISOString(),
      duration_minutes: 90,
      place: 'HPBC meeting room, Nay Pyi Taw',
      meeting_url: 'https://meet.example.test/hpbc-42',
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().data as Presentation;
    expect(p).toMatchObject({
      starts_at: startsAt.toISOString(),
      ends_at: new Date(startsAt.getTime() + 90 * 60_000).toISOString(),
      place: 'HPBC meeting room, Nay Pyi Taw',
      sequence: 0,
      minutes: null,
    });
    expect(p.invitees.map((i) => [i.role, i.email, i.answer])).toEqual([
      ['owner', owner.email, null],
      ['counterpart', counterpart.email, null],
    ]);

    // Each invitee's mail carries the invitation; a real parser reads it.
    for (const [user, subject] of [
      [owner, /invitation to the designer's presentation/],
      [counterpart, /တင်ပြပွဲသို့ ဖိတ်ကြားခြင်း/],
    ] as const) {
      const mail = (await mailsTo(t.database, user.email)).find((m) => subject.test(m.subject))!;
      expect(mail, `mail to ${user.email}`).toBeDefined();
      const [attachment] = mail.attachments!;
      expect(attachment!.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
      const text = (await readDataDirFile(t.config.dataDir, attachment!.path)).toString('utf8');
      expect(text.endsWith('\r\n')).toBe(true);
      const cal = new ICAL.Component(ICAL.parse(text));
      expect(cal.getFirstPropertyValue('method')).toBe('REQUEST');
      const vevent = cal.getFirstSubcomponent('vevent')!;
      const event = new ICAL.Event(vevent);
      expect(event.uid).toMatch(new RegExp(`^presentation-${p.id}@[0-9a-f]{16}\\.hpbc$`));
      expect(event.sequence).toBe(0);
      expect(event.startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());
      expect(event.startDate.zone.tzid).toBe('UTC');
      expect(event.endDate.toJSDate().toISOString()).toBe(p.ends_at);
      expect(event.location).toBe('HPBC meeting room, Nay Pyi Taw');
      expect(event.summary).toContain(reference);
      const organizer = vevent.getFirstProperty('organizer')!;
      expect(organizer.getFirstValue()).toBe('mailto:no-reply@hpbc.local');
      const attendees = vevent.getAllProperties('attendee');
      expect(attendees.map((a) => String(a.getFirstValue()).toLowerCase()).sort()).toEqual(
        [`mailto:${owner.email}`, `mailto:${counterpart.email}`].map((s) => s.toLowerCase()).sort(),
      );
      for (const a of attendees) {
        expect(a.getParameter('rsvp')).toBe('TRUE');
        expect(a.getParameter('partstat')).toBe('NEEDS-ACTION');
        expect(a.getParameter('role')).toBe('REQ-PARTICIPANT');
      }
    }

    // The invitees answer; the organizer sees the answers on the registration.
    const accepted = await as(owner, {
      method: 'POST',
      url: `/api/presentations/${p.id}/answer`,
      payload: { answer: 'accepted' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const declined = await as(counterpart, {
      method: 'POST',
      url: `/api/presentations/${p.id}/answer`,
      payload: { answer: 'declined' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const seen = (await as(admin, { url: `/api/registrations/${id}` })).json().data.presentations as Presentation[];
    expect(seen[0]!.invitees.map((i) => i.answer)).toEqual(['accepted', 'declined']);
    expect((await as(counterpart, { url: `/api/reviews/${id}` })).json().data.presentations).toHaveLength(1);

    const minutes = await as(admin, {
      method: 'PATCH',
      url: `/api/admin/presentations/${p.id}`,
      payload: { minutes: 'The designer presented the transfer structure. Questions on fire exits answered.' },
    });
    expect(minutes.statusCode, minutes.body).toBe(200);
    expect(minutes.json().data.minutes).toContain('transfer structure');
    expect((await as(owner, { url: `/api/registrations/${id}` })).json().data.presentations[0].minutes).toContain(
      'fire exits',
    );
    expect((await auditOf(t.database, 'registration', id)).map((a) => a.action)).toEqual(
      expect.arrayContaining(['presentation_scheduled', 'presentation_minutes']),
    );
  });

  it('refuses: 403 for non-administrators, 404 for a draft or no registration, 409 unless submitted, 422 for its fields; 404 to answer when not invited', async () => {
    const { id, owner } = await submitted();
    const later = inAWeek().toISOString();
    expect((await schedule(id, { starts_at: later, place: 'Room' }, owner)).statusCode).toBe(403);
    expect((await schedule(999999, { starts_at: later, place: 'Room' })).statusCode).toBe(404);
    const draft = (await as(owner, { method: 'POST', url: '/api/registrations', payload: { data: {} } })).json().data
      .id;
    expect((await schedule(draft, { starts_at: later, place: 'Room' })).statusCode).toBe(404);
    const noWhere = await schedule(id, { starts_at: later });
    expect(noWhere.statusCode).toBe(422);
    expect(noWhere.json().errors.place).toBeDefined();
    const past = await schedule(id, {
      starts_at: new Date(t.clock.now.getTime() - 60_000).toISOString(),
      place: 'Room',
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.starts_at).toBeDefined();
    const badUrl = await schedule(id, { starts_at: later, meeting_url: 'javascript:alert(1)' });
    expect(badUrl.json().errors.meeting_url).toBeDefined();
    expect((await schedule(id, { starts_at: 'tomorrow', place: 'Room' })).json().errors.starts_at).toBeDefined();

    const p = (await schedule(id, { starts_at: later, place: 'Room' })).json().data as Presentation;
    const stranger = await createUser(t.database, { roles: ['national-counterpart'] });
    const answer = (user: TestUser, payload: object) =>
      as(user, { method: 'POST', url: `/api/presentations/${p.id}/answer`, payload });
    expect((await answer(stranger, { answer: 'accepted' })).statusCode).toBe(404);
    expect((await answer(owner, { answer: 'maybe' })).statusCode).toBe(422);
    expect((await answer(owner, { answer: 'accepted' })).statusCode).toBe(200);
    expect(
      (await as(owner, { method: 'PATCH', url: `/api/admin/presentations/${p.id}`, payload: { minutes: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await as(admin, { method: 'PATCH', url: `/api/admin/presentations/${p.id}`, payload: { minutes: ' ' } }))
        .statusCode,
    ).toBe(422);
    expect(
      (await as(admin, { method: 'PATCH', url: '/api/admin/presentations/999999', payload: { minutes: 'x' } }))
        .statusCode,
    ).toBe(404);

    // Once decided, there is nothing to present.
    const hash = (await as(owner, { url: `/api/registrations/${id}` })).json().data.content_sha256;
    await as(counterpart, {
      method: 'POST',
      url: `/api/reviews/${id}/countersign`,
      payload: { discipline: 'architect', content_sha256: hash },
    });
    await as(admin, { method: 'PATCH', url: `/api/admin/registrations/${id}/status`, payload: { status: 'Approved' } });
    expect((await schedule(id, { starts_at: later, place: 'Room' })).statusCode).toBe(409);
  });
});
