import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWithCommittee, type TestApp } from '../../../test/build-test-app';
import { createUser, type TestUser } from '../../../test/accounts';
import type { SmtpCatcher } from '../../../test/smtp-catcher';
import { decideRegistration, submitRegistration, submittedRegistration } from '../../../test/workflow';

let t: TestApp;
let smtp: SmtpCatcher;
let admin: TestUser;

beforeAll(async () => ({ t, smtp, admin } = await buildTestAppWithCommittee()));
afterAll(() => t.close());

const setLocale = (token: string | undefined, payload: unknown, lang?: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/locale',
    payload: payload as object,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(lang ? { 'accept-language': lang } : {}) },
  });

describe('PUT /api/user/locale (the language switch, saved on the account)', () => {
  it('refuses a caller without a token before looking at the body', async () => {
    expect((await setLocale(undefined, { locale: 'xx' })).statusCode).toBe(401);
  });

  it('answers 422 naming the field for a language the portal does not have', async () => {
    const u = await createUser(t.database);
    const res = await setLocale(u.token, { locale: 'fr' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['locale']);
    const burmese = await setLocale(u.token, { locale: 'fr' }, 'my');
    expect(burmese.json().errors.locale[0]).toMatch(/ဘာသာစကား/);
  });

  it('every later mail comes in the language the person switched to, whatever a later call sends', async () => {
    const owner = await createUser(t.database, { name: 'Daw Aye', locale: 'en' });
    const ok = await setLocale(owner.token, { locale: 'my' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ locale: 'my' });

    const id = await submittedRegistration(t.app, owner);
    // The committee works in English; the submitter's mail is still Burmese.
    await decideRegistration(t.app, admin, id, 'Returned for changes', 'Add the soil report.', 'en');
    await t.app.mail.drain();
    const mail = smtp.to(owner.email).find((m) => m.subject.includes('ပြင်ဆင်ရန် ပြန်ပို့ထားသည်'))!;
    expect(mail.text).toContain('ကော်မတီ၏ မှတ်ချက်');
    expect(mail.html).toContain('lang="my"');

    // Switching back to English: the next mail is English.
    expect((await setLocale(owner.token, { locale: 'en' }, 'my')).statusCode).toBe(200);
    await submitRegistration(t.app, owner, id);
    await decideRegistration(t.app, admin, id, 'Rejected', 'Out of scope.', 'my');
    await t.app.mail.drain();
    const last = smtp.to(owner.email).find((m) => m.subject.includes('Rejected'))!;
    expect(last.text).toContain('Note from the committee:');
    expect(last.text).not.toMatch(/[\u1000-\u109f]{4}/);
  });
});
