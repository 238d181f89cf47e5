import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, mailOutbox, serviceRequests, users } from '../../db/schema/index';
import { newToken } from '../../lib/tokens';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { csrfPair, makePdf, multipartBody, type FilePart } from './service-requests.test-helpers';
import { insertEietCompany, insertPileCompany } from '../../../test/public-records';
import { COVER_LETTER_MAX_BYTES, renderMessage } from '@hpbc/shared';
import { eq } from 'drizzle-orm';

let t: TestApp;
let eietId: number;
let pileId: number;
let pdf: Buffer;
let csrf: { cookie: string; token: string };
let adminToken: string;
let userToken: string;
let ipCounter = 0;

const fields = {
  project_name: 'Pearl Tower',
  project_information: 'Twenty storeys, two basements.\nMixed use.',
  company_name: 'Shwe Builders Co., Ltd.',
  address: 'No. 12, Pyay Road, Kamayut, Yangon',
  company_email: 'projects@shwe-builders.example',
  contact_phone: '+95 9 123 456 789',
};

async function addUser(email: string, isAdmin: boolean): Promise<string> {
  const [u] = await t.database.db
    .insert(users)
    .values({ name: email, email, passwordHash: 'x', isAdmin, emailVerifiedAt: new Date() })
    .returning();
  const { token, hash } = newToken();
  await t.database.db
    .insert(accessTokens)
    .values({ userId: u!.id, tokenHash: hash, expiresAt: new Date(Date.now() + 3600_000) });
  return token;
}

beforeAll(async () => {
  t = await buildTestApp({ config: { staffEmails: ['desk@committee.test', 'chair@committee.test'] } });
  // The register may give a company several addresses, one a line: each is told.
  eietId = await insertEietCompany(t.database, { emailAddress: 'office@golden.example\nceo@golden.example' });
  pileId = await insertPileCompany(t.database);
  pdf = await makePdf('We ask for an inspection team.');
  csrf = csrfPair(t.config.appSecret);
  adminToken = await addUser('admin@x.example', true);
  userToken = await addUser('user@x.example', false);
});
afterAll(() => t.close());

interface SendOptions {
  url?: string;
  fields?: Record<string, string | number>;
  files?: FilePart[];
  csrf?: { cookie?: string; token?: string } | null;
  language?: string;
  ip?: string;
}

/** Each call comes from its own address unless told otherwise, so the rate limit stays out of the way. */
async function send(opts: SendOptions = {}) {
  const { payload, contentType } = await multipartBody(
    opts.fields ?? { ...fields, eiet_id: eietId },
    opts.files ?? [{ filename: 'letter.pdf', type: 'application/pdf', bytes: pdf }],
  );
  const pair = opts.csrf === undefined ? csrf : opts.csrf;
  const headers: Record<string, string> = {
    'content-type': contentType,
    'x-requested-with': 'XMLHttpRequest',
  };
  if (pair?.cookie) headers.cookie = pair.cookie;
  if (pair?.token) headers['x-csrf-token'] = pair.token;
  if (opts.language) headers['accept-language'] = opts.language;
  ipCounter++;
  return t.app.inject({
    method: 'POST',
    url: opts.url ?? '/api/eiet-request',
    headers,
    payload,
    remoteAddress: opts.ip ?? `10.1.${ipCounter >> 8}.${ipCounter & 255}`,
  });
}

const countRequests = async () => (await t.database.db.select().from(serviceRequests)).length;

describe('CSRF', () => {
  it('refuses a request without the token', async () => {
    const res = await send({ csrf: null });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'CSRF token mismatch.' });
  });
  it('refuses a header that does not match the cookie', async () => {
    const other = csrfPair(t.config.appSecret);
    expect((await send({ csrf: { cookie: csrf.cookie, token: other.token } })).statusCode).toBe(419);
    expect((await send({ csrf: { cookie: csrf.cookie, token: 'x'.repeat(43) } })).statusCode).toBe(419);
    expect((await send({ csrf: { token: csrf.token } })).statusCode).toBe(419);
  });
});

describe('the cover letter', () => {
  it('must really be a PDF, whatever its name and declared type', async () => {
    const before = await countRequests();
    const res = await send({
      files: [{ filename: 'letter.pdf', type: 'application/pdf', bytes: Buffer.from('Dear sir, this is plain text.') }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'Please select a PDF file.',
      errors: { cover_letter: ['Please select a PDF file.'] },
    });
    const fake = await send({
      files: [
        { filename: 'letter.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.7\nnot really a pdf\n%%EOF') },
      ],
    });
    // It starts like a PDF, but does not parse: refused as unreadable (issue 24, hole 1).
    expect(fake.json().errors.cover_letter).toEqual([renderMessage('pdf_unreadable|cover_letter')]);
    expect(await countRequests()).toBe(before);
  });

  it('must be smaller than 2 MiB: 2 MiB + 1 byte and exactly 2 MiB are refused', async () => {
    for (const size of [COVER_LETTER_MAX_BYTES + 1, COVER_LETTER_MAX_BYTES]) {
      const big = await makePdf('big', size);
      const res = await send({ files: [{ filename: 'big.pdf', type: 'application/pdf', bytes: big }] });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ cover_letter: ['File size must be less than 2MB.'] });
    }
  });

  it('is accepted one byte under 2 MiB, and stored byte for byte', async () => {
    const big = await makePdf('just under', COVER_LETTER_MAX_BYTES - 1);
    const res = await send({ files: [{ filename: 'big.pdf', type: 'application/pdf', bytes: big }] });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.coverLetterName, 'big.pdf'));
    expect(readFileSync(path.join(t.config.dataDir, 'uploads', row!.coverLetterPath)).equals(big)).toBe(true);
  });

  it('is required, and only one may be sent', async () => {
    const none = await send({ files: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ cover_letter: ['The cover letter field is required.'] });
    const wrongName = await send({
      files: [{ name: 'letter', filename: 'a.pdf', type: 'application/pdf', bytes: pdf }],
    });
    expect(wrongName.json().errors).toEqual({ cover_letter: ['The cover letter field is required.'] });
    const two = await send({
      files: [
        { filename: 'a.pdf', type: 'application/pdf', bytes: pdf },
        { filename: 'b.pdf', type: 'application/pdf', bytes: pdf },
      ],
    });
    expect(two.statusCode).toBe(422);
    expect(two.json().errors.cover_letter).toEqual(['Please send only one file.']);
  });
});

describe('the fields', () => {
  it.each(Object.keys(fields))('names a missing %s', async (missing) => {
    const rest: Record<string, string | number> = { ...fields, eiet_id: eietId };
    delete rest[missing];
    const res = await send({ fields: rest });
    expect(res.statusCode).toBe(422);
    const label = missing.replace(/_/g, ' ');
    expect(res.json()).toEqual({
      status: 'error',
      message: `The ${label} field is required.`,
      errors: { [missing]: [`The ${label} field is required.`] },
    });
  });

  it('lists every problem at once, in form order, in the language asked for', async () => {
    const res = await send({
      fields: { company_email: 'nope', contact_phone: 'abc' },
      files: [],
      language: 'my',
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(Object.keys(body.errors)).toEqual([
      'project_name',
      'project_information',
      'company_name',
      'address',
      'company_email',
      'contact_phone',
      'eiet_id',
      'cover_letter',
    ]);
    expect(body.errors.project_name).toEqual(['စီမံကိန်းအမည် ကို ဖြည့်ရန် လိုအပ်ပါသည်။']);
    expect(body.message).toBe(body.errors.project_name[0]);
  });

  it('refuses an unknown or malformed company id', async () => {
    for (const id of ['999999', 'abc', '-1', '1.5', '1e3', '99999999999']) {
      const res = await send({ fields: { ...fields, eiet_id: id } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ eiet_id: ['The selected EIET company is invalid.'] });
    }
    const pile = await send({ url: '/api/pile-request', fields: { ...fields, pile_company_id: 424242 } });
    expect(pile.json().errors).toEqual({ pile_company_id: ['The selected pile company is invalid.'] });
    // An unknown company is reported with the other fields' errors, not only when they pass.
    const both = await send({ fields: { ...fields, project_name: '', eiet_id: '999999' } });
    expect(both.json().errors).toEqual({
      project_name: ['The project name field is required.'],
      eiet_id: ['The selected EIET company is invalid.'],
    });
    // An EIET id is not a pile company id.
    const crossed = await send({ url: '/api/pile-request', fields: { ...fields, eiet_id: eietId } });
    expect(crossed.json().errors).toEqual({ pile_company_id: ['The pile company field is required.'] });
  });

  it('bounds the length of every field', async () => {
    const res = await send({
      fields: { ...fields, project_information: 'x'.repeat(200_000), project_name: 'y'.repeat(256), eiet_id: eietId },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      project_name: ['The project name may not be greater than 255 characters.'],
      project_information: ['The project information may not be greater than 5000 characters.'],
    });
  });
});

describe('garbage never becomes a 500', () => {
  const inject = (payload: string | Buffer, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/eiet-request',
      headers: { 'content-type': contentType, cookie: csrf.cookie, 'x-csrf-token': csrf.token },
      payload,
      remoteAddress: `10.2.0.${++ipCounter & 255}`,
    });

  it('answers JSON and other types with 415', async () => {
    const json = await inject(JSON.stringify({ ...fields, eiet_id: eietId }), 'application/json');
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ status: 'error', message: 'The request must be sent as multipart/form-data.' });
    expect((await inject('a=b', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
    expect((await inject('hello', 'text/plain')).statusCode).toBe(415);
  });

  it('answers a broken multipart body with 400 and an empty one with 422', async () => {
    const broken = await inject(
      '--XYZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue',
      'multipart/form-data; boundary=XYZ',
    );
    expect(broken.statusCode).toBe(400);
    const noBoundary = await inject('whatever', 'multipart/form-data');
    expect(noBoundary.statusCode).toBe(400);
    const empty = await inject('', 'multipart/form-data; boundary=XYZ');
    expect(empty.statusCode).toBe(422);
  });

  it('answers too many fields with 413 and a prototype name with 400', async () => {
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'x']));
    expect((await send({ fields: many })).statusCode).toBe(413);
    const proto = await send({ fields: { ...fields, eiet_id: eietId, __proto__x: 'a', constructor: 'x' } });
    expect(proto.statusCode).toBe(400);
  });
});

describe('a successful request', () => {
  it('stores the row and the file, and queues the confirmation, the company notices and the staff notices', async () => {
    const res = await send({ fields: { ...fields, eiet_id: eietId } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'Request Submitted Successfully!',
      reference: expect.stringMatching(/^SR-\d{6}$/),
    });

    const [row] = await t.database.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.coverLetterName, 'letter.pdf'))
      .orderBy(serviceRequests.id);
    expect(row).toMatchObject({
      kind: 'eiet',
      eietId,
      pileCompanyId: null,
      projectName: fields.project_name,
      projectInformation: fields.project_information,
      companyEmail: fields.company_email,
      coverLetterSize: pdf.length,
      locale: 'en',
    });
    expect(row!.coverLetterPath).toMatch(/^service-requests\/\d{4}\/[0-9a-f-]{36}\.pdf$/);
    const stored = readFileSync(path.join(t.config.dataDir, 'uploads', row!.coverLetterPath));
    expect(stored.equals(pdf)).toBe(true);

    const mails = await t.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    const mine = mails.filter((m) => m.textBody.includes(`SR-${String(row!.id).padStart(6, '0')}`));
    expect(res.json().reference).toBe(`SR-${String(row!.id).padStart(6, '0')}`);
    expect(mine.map((m) => m.toAddress)).toEqual([
      'projects@shwe-builders.example',
      'office@golden.example',
      'ceo@golden.example',
      // One mail per committee staff address (STAFF_EMAILS), with the reference and a link to the admin page.
      'desk@committee.test',
      'chair@committee.test',
    ]);
    const staff = mine[3]!;
    expect(staff.subject).toContain(res.json().reference);
    expect(staff.textBody).toContain(`http://127.0.0.1:3000/admin/service-requests/${row!.id}`);
    expect(staff.textBody).toContain('Golden Inspection Team');
    expect(staff.attachments).toBeNull();
    const [confirmation, notice] = mine;
    expect(confirmation!.subject).toBe('HPBC: your EIET service request has been received');
    expect(confirmation!.textBody).toContain('Golden Inspection Team');
    expect(confirmation!.textBody).toContain('High-rise and Public Building projects Committee');
    expect(confirmation!.htmlBody).toContain('Twenty storeys, two basements.<br>Mixed use.');
    expect(confirmation!.attachments).toBeNull();
    expect(notice!.attachments).toEqual([
      { filename: 'letter.pdf', path: `uploads/${row!.coverLetterPath}`, contentType: 'application/pdf' },
    ]);
  });

  it('escapes what the requester typed in the HTML mail', async () => {
    const res = await send({ fields: { ...fields, project_name: '<script>alert(1)</script>', eiet_id: eietId } });
    expect(res.statusCode).toBe(201);
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, fields.company_email))
      .orderBy(mailOutbox.id);
    const all = await t.database.db.select().from(mailOutbox);
    const html = all.map((m) => m.htmlBody).join('\n');
    expect(mail).toBeDefined();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('sends a pile request in Burmese to the pile company', async () => {
    const res = await send({
      url: '/api/pile-request',
      fields: { ...fields, project_name: 'Pile job', pile_company_id: pileId },
      language: 'my,en;q=0.5',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('သင်၏ ပိုင်လုပ်ငန်း ဝန်ဆောင်မှု တောင်းဆိုချက်ကို အောင်မြင်စွာ တင်သွင်းပြီးပါပြီ။');
    const [row] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.projectName, 'Pile job'));
    expect(row).toMatchObject({ kind: 'pile', pileCompanyId: pileId, eietId: null, locale: 'my' });
    const mails = (await t.database.db.select().from(mailOutbox)).filter((m) => m.textBody.includes('Pile job'));
    expect(mails.map((m) => m.toAddress).sort()).toEqual([
      'chair@committee.test',
      'desk@committee.test',
      'piles@deep.example',
      'projects@shwe-builders.example',
    ]);
    expect(mails.every((m) => m.subject.includes('HPBC'))).toBe(true);
    const receipt = mails.find((m) => m.toAddress === fields.company_email)!.textBody;
    expect(receipt).toContain('ပိုင်လုပ်ငန်း ကုမ္ပဏီမှ');
    // The chosen company is the one that will give the service, not the one asking (review item 1).
    expect(receipt).toContain('ဝန်ဆောင်မှုပေးမည့် ကုမ္ပဏီ');
    expect(receipt).not.toContain('တောင်းဆိုသည့် ကုမ္ပဏီ');
    // The cover letter's size in Burmese digits; the unit stays as written.
    expect(receipt).toMatch(/\([၀-၉]+(\.[၀-၉]+)? (B|KB|MB)\)/);
    expect(receipt).not.toMatch(/\d+(\.\d+)? (B|KB|MB)\)/);
  });
});

describe('rate limit', () => {
  it('allows ten requests an hour from one address, then answers 429 with Retry-After', async () => {
    const ip = '10.9.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await send({ ip, csrf: null })).statusCode);
    expect(statuses.every((s) => s === 419)).toBe(true);
    const res = await send({ ip });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
  });
});

describe('administrator read-back', () => {
  it('is for administrators only', async () => {
    expect((await t.app.inject({ url: '/api/admin/service-requests' })).statusCode).toBe(401);
    const asUser = await t.app.inject({
      url: '/api/admin/service-requests',
      headers: { authorization: `Bearer ${userToken}` },
    });
    expect(asUser.statusCode).toBe(403);
    const letter = await t.app.inject({
      url: '/api/admin/service-requests/1/cover-letter',
      headers: { authorization: `Bearer ${userToken}` },
    });
    expect(letter.statusCode).toBe(403);
  });

  it('lists requests and returns a cover letter byte for byte', async () => {
    const auth = { authorization: `Bearer ${adminToken}` };
    const list = await t.app.inject({ url: '/api/admin/service-requests', headers: auth });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.meta.total).toBeGreaterThan(0);
    const first = body.data.find((r: { cover_letter_name: string }) => r.cover_letter_name === 'letter.pdf');
    expect(first).not.toHaveProperty('cover_letter_path');
    expect(first.reference).toBe(`SR-${String(first.id).padStart(6, '0')}`);
    expect(first.company_label).toBeTruthy();
    const one = await t.app.inject({ url: `/api/admin/service-requests/${first.id}`, headers: auth });
    expect(one.json().data).toEqual(first);
    const letter = await t.app.inject({ url: `/api/admin/service-requests/${first.id}/cover-letter`, headers: auth });
    expect(letter.statusCode).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
    expect(letter.headers['content-disposition']).toContain('filename="letter.pdf"');
    expect(letter.rawPayload.equals(pdf)).toBe(true);
    expect((await t.app.inject({ url: '/api/admin/service-requests/999999', headers: auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/admin/service-requests/abc', headers: auth })).statusCode).toBe(422);
  });
});
