/**
 * Issue 24, hole 4: the calendar-feed and tracking tokens are path segments, verification
 * paths carry a reversible hash of the address, and the mail log line printed tracking
 * links in full. None of them may reach the log (lib/log-redaction.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailHash } from '../../src/lib/signed-links';
import { postServiceRequest, requestFields } from '../../src/modules/service-requests/service-requests.test-helpers';
import { createUser, lastMailTo, uniqueIp } from '../accounts';
import { buildTestApp, type TestApp } from '../build-test-app';
import { logCapture } from '../log-capture';
import { insertEietCompany } from '../public-records';

let t: TestApp;
const { lines, logStream } = logCapture();
beforeAll(async () => {
  t = await buildTestApp({ config: { logLevel: 'info' }, deps: { logStream } });
});
afterAll(() => t.close());

describe('secrets in paths and links never reach the log', () => {
  it('the tracking link (mail log line and access log), the calendar feed and a verification path', async () => {
    const eietId = await insertEietCompany(t.database);
    const email = `office.${Date.now()}@shwe.example`;
    const sent = await postServiceRequest(
      t,
      { ...requestFields, project_information: 'Ten floors', company_email: email, eiet_id: eietId },
      { remoteAddress: uniqueIp() },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    await t.app.mail.drain();
    const mail = await lastMailTo(t.database, email);
    const tracking = /\/service-requests\/track\/([\w-]{20,})/.exec(mail!.textBody)![1]!;
    expect((await t.app.inject({ url: `/api/service-requests/track/${tracking}` })).statusCode).toBe(200);

    const member = await createUser(t.database);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${member.id}`,
      headers: { authorization: `Bearer ${(await createUser(t.database, { admin: true })).token}` },
      payload: { company: { kind: 'eiet', id: eietId } },
    });
    const feed = await t.app.inject({
      method: 'POST',
      url: '/api/company/calendar',
      headers: { authorization: `Bearer ${member.token}` },
    });
    const feedPath = new URL(feed.json().data.url as string).pathname;
    const feedToken = feedPath.split('/').pop()!.replace('.ics', '');
    expect((await t.app.inject({ url: feedPath })).statusCode).toBe(200);
    // Sent with a doubled slash and other case, as a client may.
    await t.app.inject({ url: feedPath.replace('/api/', '//api/') });

    const hash = emailHash(member.email);
    await t.app.inject({ url: `/api/user/email/verify/${member.id}/${hash}?expires=1&signature=x` });

    const log = lines.join('');
    expect(log).toContain('mail written to file');
    expect(log).toContain('/service-requests/track/[redacted]');
    expect(log).toContain('/api/calendar/[redacted]');
    expect(log).toContain(`/api/user/email/verify/${member.id}/[redacted]`);
    for (const secret of [tracking, feedToken, hash]) expect(log).not.toContain(secret);
  });
});
