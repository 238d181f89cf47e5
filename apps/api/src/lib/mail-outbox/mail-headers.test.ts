import type { Email } from 'postal-mime';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { freePort, startSmtp, stopSmtp } from '../../../test/smtp-catcher';
import { insertEietCompany } from '../../../test/public-records';
import { postServiceRequest } from '../../modules/service-requests/service-requests.test-helpers';

/**
 * Issue 29, item 3: the mails as a real SMTP server receives them, read by postal-mime.
 * Every mail says it is automatic (RFC 3834), the company's notice answers to the
 * requester, and the Burmese half of the bilingual staff notice is marked `lang="my"`.
 */
let t: TestApp;
let smtp: SMTPServer;
const received: Email[] = [];

const header = (mail: Email, name: string) => mail.headers.find((h) => h.key === name.toLowerCase())?.value;

beforeAll(async () => {
  const port = await freePort();
  smtp = await startSmtp(port, received);
  t = await buildTestApp({
    config: { smtpUrl: `smtp://127.0.0.1:${port}`, staffEmails: ['desk@committee.test'] },
  });
  const company = await insertEietCompany(t.database);

  // An account (its verification mail) and a service request (receipt, company notice, staff notice).
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: {
      name: 'Daw Hla',
      email: 'hla@example.test',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      terms: true,
    },
  });
  expect(registered.statusCode).toBe(201);
  const sent = await postServiceRequest(
    t,
    {
      project_name: 'ရွှေပြည် Tower',
      project_information: 'Twenty storeys.',
      company_name: 'Shwe Builders Co., Ltd.',
      address: 'Pyay Road, Yangon',
      company_email: 'projects@shwe-builders.example',
      contact_phone: '+95 9 123 456 789',
      eiet_id: company,
    },
    { headers: { 'x-requested-with': 'XMLHttpRequest' } },
  );
  expect(sent.statusCode).toBe(201);
  await t.app.mail.drain();
});
afterAll(async () => {
  await t.close();
  await stopSmtp(smtp);
});

describe('mail headers and languages, read back by postal-mime', () => {
  it('every mail carries Auto-Submitted: auto-generated', () => {
    expect(received.length).toBe(4);
    for (const mail of received) {
      expect(header(mail, 'Auto-Submitted'), mail.subject).toBe('auto-generated');
      expect(header(mail, 'X-Auto-Response-Suppress')).toBe('All');
    }
  });

  it("the company's notice answers to the requester; the other mails to nobody but the sender", () => {
    const notice = received.find((m) => m.to?.[0]?.address === 'office@golden.example')!;
    expect(notice.replyTo?.map((a) => a.address)).toEqual(['projects@shwe-builders.example']);
    const receipt = received.find((m) => m.to?.[0]?.address === 'projects@shwe-builders.example')!;
    expect(receipt.replyTo).toBeUndefined();
  });

  it('the Burmese half of the bilingual staff notice, and Burmese data in English mails, are marked lang="my"', () => {
    const staff = received.find((m) => m.to?.[0]?.address === 'desk@committee.test')!;
    expect(staff.html).toContain('<html lang="en">');
    // The Burmese paragraph as a whole, the Burmese half of each label, the project's Burmese name.
    expect(staff.html).toMatch(/<p lang="my"[^>]*>[^<]*EIET ဝန်ဆောင်မှု တောင်းဆိုချက်အသစ်/);
    expect(staff.html).toContain('Reference / <span lang="my">ရည်ညွှန်းအမှတ်</span>');
    expect(staff.html).toContain('<span lang="my">ရွှေပြည်</span> Tower');
    // English paragraphs are not marked.
    expect(staff.html).toMatch(/<p style="[^"]*">A new EIET service request/);
  });
});
