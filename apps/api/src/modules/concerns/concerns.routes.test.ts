import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import { buildTestAppWithMail, type TestApp } from '../../../test/build-test-app';
import { createUser, requestsAs, type TestUser } from '../../../test/accounts';
import { qrOfPage } from '../../../test/qr';
import type { SmtpCatcher } from '../../../test/smtp-catcher';
import { decideRegistration, submittedRegistration } from '../../../test/workflow';
import { eq } from 'drizzle-orm';
import { concerns } from '../../db/schema/index';
import { dataDirStore } from '../../lib/file-store/file-store';
import { jpegWithGps, pngWithText } from '../../../test/images';
import { csrfPair, multipartBody } from '../service-requests/service-requests.test-helpers';
import { renderSignboardPdf } from './signboard.pdf';

let t: TestApp;
let smtp: SmtpCatcher;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let approvedId: number;
let reference: string;
const dir = mkdtempSync(path.join(tmpdir(), 'hpbc-signboard-'));

/** 10:00 in Yangon on a date. */
const yangon = (date: string, time = '10:00') => new Date(`${date}T${time}:00+06:30`);

beforeAll(async () => {
  ({ t, smtp } = await buildTestAppWithMail());
  owner = await createUser(t.database, { name: 'Daw Khin Owner' });
  stranger = await createUser(t.database, { name: 'U Stranger' });
  admin = await createUser(t.database, { name: 'Admin Concern', admin: true });
  approvedId = await submitted();
  await decide(approvedId, 'Under Review');
  await decide(approvedId, 'Approved');
  reference = (await as(owner, { url: `/api/registrations/${approvedId}` })).json().data.reference_number;
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const as = requestsAs(() => t.app);

const submitted = (data = completeFormOne()) => submittedRegistration(t.app, owner, data);
const decide = (id: number, status: string) => decideRegistration(t.app, admin, id, status);

let ipCounter = 0;
const csrf = () => csrfPair(t.config.appSecret);
function raise(ref: string, payload: object, opts: { ip?: string; csrf?: boolean; language?: string } = {}) {
  const pair = csrf();
  return t.app.inject({
    method: 'POST',
    url: `/api/verify/${encodeURIComponent(ref)}/concerns`,
    payload,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      ...(opts.csrf === false ? {} : { cookie: pair.cookie, 'x-csrf-token': pair.token }),
      ...(opts.language ? { 'accept-language': opts.language } : {}),
    },
    remoteAddress: opts.ip ?? `10.7.${++ipCounter >> 8}.${ipCounter & 255}`,
  });
}
const CONCERN = {
  message: 'Concrete is poured at night with no lights on the scaffolding.',
  email: 'ko.aung@example.test',
  name: 'Ko Aung',
};

function pdfFile(pdf: Buffer): string {
  const file = path.join(dir, `${Date.now()}-${Math.random()}.pdf`);
  writeFileSync(file, pdf);
  return file;
}
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8' });

describe('GET /api/registrations/{id}/signboard.pdf', () => {
  it('prints the owner’s approved project on one tagged A3 page, Burmese extracting as typed, with a QR code to its public page', async () => {
    const res = await as(owner, {
      url: `/api/registrations/${approvedId}/signboard.pdf`,
      headers: { 'accept-language': 'my' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="signboard-${reference}.pdf"`);
    const file = pdfFile(res.rawPayload);
    const info = run('pdfinfo', [file]);
    expect(info).toMatch(/^Pages:\s+1$/m);
    expect(info).toMatch(/^Page size:\s+841\.89 x 1190\.55 pts \(A3\)$/m);
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    const text = run('pdftotext', [file, '-']).replace(/\s+/g, ' ');
    const data = completeFormOne();
    for (const expected of [
      'အတည်ပြုပြီး အဆောက်အအုံ စီမံကိန်း',
      'Approved building project',
      reference,
      String(data.project_name),
      String(data.project_owner),
      'ကော်မတီကို ဆက်သွယ်ရန်',
      t.config.contact.phone,
      t.config.contact.email,
      `${t.config.appUrl}/verify/${reference}`,
    ]) {
      expect(text).toContain(expected);
    }
    expect(qrOfPage(res.rawPayload)).toBe(`${t.config.appUrl}/verify/${reference}`);
  });

  it('stays one page when the project’s name and location wrap onto several lines', async () => {
    const url = `${t.config.appUrl}/verify/HPBC-2026-000123`;
    const pdf = await renderSignboardPdf({
      referenceNumber: 'HPBC-2026-000123',
      projectName: 'ရွှေပြည် မြို့သစ် အဆောက်အအုံ စီမံကိန်း (Shwe Pyi New Town Tower, phase two, with a long name)',
      owner: 'Golden Land Development Co., Ltd.',
      location: 'No. 12, Pyay Road,\nKamayut Township,\nYangon Region, beside a street whose long name wraps',
      approvedOn: new Date('2026-11-20T04:00:00Z'),
      contact: t.config.contact,
      verifyUrl: url,
      qrPng: await QRCode.toBuffer(url, { type: 'png', margin: 4, scale: 10 }),
    });
    expect(run('pdfinfo', [pdfFile(pdf)])).toMatch(/^Pages:\s+1$/m);
    expect(qrOfPage(pdf)).toBe(url);
  });

  it('is the owner’s only (404 for anyone else, even an administrator’s token), and only once approved (409)', async () => {
    expect((await as(stranger, { url: `/api/registrations/${approvedId}/signboard.pdf` })).statusCode).toBe(404);
    expect((await as(admin, { url: `/api/registrations/${approvedId}/signboard.pdf` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/registrations/${approvedId}/signboard.pdf` })).statusCode).toBe(401);
    const pending = await submitted();
    const res = await as(owner, { url: `/api/registrations/${pending}/signboard.pdf` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: 'not_approved' });
  });
});

describe('the public’s concerns', () => {
  it('takes a concern without an account, mails the administrators, and queues it on a working-day clock', async () => {
    t.clock.now = yangon('2026-04-09'); // Thursday before Thingyan (13–17 April)
    const res = await raise(reference.toLowerCase(), CONCERN);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.message).toMatch(/received your concern/);
    await t.app.mail.drain();
    const mail = smtp.last(admin.email)!;
    expect(mail.subject).toContain(reference);
    expect(mail.text).toContain(CONCERN.message);
    expect(mail.text).toContain('/admin/concerns');
    // The administrator also has it as a notice.
    const notices = (await as(admin, { url: '/api/notices' })).json().data;
    expect(notices[0]).toMatchObject({ kind: 'staff', link: '/admin/concerns', title: mail.subject });

    t.clock.now = yangon('2026-04-20'); // Monday after Thingyan: Friday 10 and Monday 20 have passed
    const queue = await as(admin, { url: '/api/admin/concerns?open=1' });
    expect(queue.statusCode, queue.body).toBe(200);
    const row = queue.json().data.find((c: { id: number }) => c.id === res.json().data.id);
    expect(row).toMatchObject({
      reference_number: reference,
      message: CONCERN.message,
      email: CONCERN.email,
      answer: null,
      clock: { step: 'concern_answer', elapsed: 2, target: 5, days_left: 3, paused: false },
    });
    expect(queue.json().meta.open).toBeGreaterThanOrEqual(1);
  });

  it('publishes the answer on the project’s page without who sent it, and mails the sender and the owner', async () => {
    const sent = await raise(
      reference,
      { ...CONCERN, message: 'The hoarding blocks the footpath on the school side.' },
      { language: 'my' },
    );
    const id = sent.json().data.id as number;
    const answer = {
      answer: 'The contractor must keep a 1.5 m footpath open; an inspector visits on Monday.',
      publish: true,
    };
    const res = await as(admin, { method: 'POST', url: `/api/admin/concerns/${id}/answer`, payload: answer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ answer: answer.answer, published: true, clock: { paused: true } });
    const again = await as(admin, { method: 'POST', url: `/api/admin/concerns/${id}/answer`, payload: answer });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'answered' });

    const page = await t.app.inject({ url: `/api/verify/${reference}/concerns` });
    expect(page.statusCode).toBe(200);
    const shown = page.json().data.find((c: { id: number }) => c.id === id);
    expect(shown).toMatchObject({
      message: 'The hoarding blocks the footpath on the school side.',
      answer: answer.answer,
    });
    expect(JSON.stringify(page.json())).not.toContain(CONCERN.email);
    expect(JSON.stringify(page.json())).not.toContain(CONCERN.name);

    await t.app.mail.drain();
    const toSender = smtp.last(CONCERN.email)!;
    expect(toSender.subject).toContain('ကော်မတီ၏ အဖြေ'); // in the language the concern was sent in
    expect(toSender.text).toContain(answer.answer);
    const toOwner = smtp.last(owner.email)!;
    expect(toOwner.text).toContain(answer.answer);
    expect(toOwner.text).toContain(`/verify/${reference}`);
  });

  it('keeps an unpublished answer off the public page', async () => {
    const id = (await raise(reference, { message: 'Noise after ten at night, every night this week.' })).json().data.id;
    const res = await as(admin, {
      method: 'POST',
      url: `/api/admin/concerns/${id}/answer`,
      payload: { answer: 'Passed to the township.', publish: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = (await t.app.inject({ url: `/api/verify/${reference}/concerns` })).json().data;
    expect(page.some((c: { id: number }) => c.id === id)).toBe(false);
  });

  it('refuses a missing CSRF token (419), an unapproved or unknown project (404), and a short message (422)', async () => {
    expect((await raise(reference, CONCERN, { csrf: false })).statusCode).toBe(419);
    const pendingRef = (await as(owner, { url: `/api/registrations/${await submitted()}` })).json().data
      .reference_number;
    expect((await raise(pendingRef, CONCERN)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/verify/${pendingRef}/concerns` })).statusCode).toBe(404);
    expect((await raise('HPBC-1999-000001', CONCERN)).statusCode).toBe(404);
    const short = await raise(reference, { message: 'bad' });
    expect(short.statusCode).toBe(422);
    expect(Object.keys(short.json().errors)).toEqual(['message']);
    const badMail = await raise(reference, { message: CONCERN.message, email: 'not-an-address' });
    expect(Object.keys(badMail.json().errors)).toEqual(['email']);
  });

  it('limits one address to five concerns an hour, counted before anything else', async () => {
    const ip = '10.99.1.1';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await raise(reference, CONCERN, { ip, csrf: false })).statusCode);
    expect(statuses).toEqual([419, 419, 419, 419, 419]);
    const res = await raise(reference, CONCERN, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('keeps the queue and the answers to administrators', async () => {
    expect((await as(owner, { url: '/api/admin/concerns' })).statusCode).toBe(403);
    expect(
      (
        await as(owner, {
          method: 'POST',
          url: '/api/admin/concerns/1/answer',
          payload: { answer: 'x', publish: true },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await as(admin, {
          method: 'POST',
          url: '/api/admin/concerns/999999/answer',
          payload: { answer: 'x', publish: true },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('a concern’s photo (decision 093)', () => {
  async function raiseWithPhoto(
    fields: Record<string, string>,
    photo?: { bytes: Buffer; type: string; filename?: string },
  ) {
    const pair = csrf();
    const { payload, contentType } = await multipartBody(
      fields,
      photo ? [{ name: 'photo', bytes: photo.bytes, type: photo.type, filename: photo.filename ?? 'site.jpg' }] : [],
    );
    return t.app.inject({
      method: 'POST',
      url: `/api/verify/${encodeURIComponent(reference)}/concerns`,
      payload,
      headers: {
        'content-type': contentType,
        'x-requested-with': 'XMLHttpRequest',
        cookie: pair.cookie,
        'x-csrf-token': pair.token,
      },
      remoteAddress: `10.8.${++ipCounter >> 8}.${ipCounter & 255}`,
    });
  }
  const stored = async (id: number) => {
    const [row] = await t.database.db.select().from(concerns).where(eq(concerns.id, id));
    return row!;
  };
  const queued = async (id: number) =>
    (await as(admin, { url: '/api/admin/concerns' })).json().data.find((c: { id: number }) => c.id === id);

  it('keeps a JPEG without its Exif (GPS), XMP and IPTC, and gives it to administrators only', async () => {
    const original = jpegWithGps();
    const res = await raiseWithPhoto(
      { message: CONCERN.message, name: 'Ko Aung' },
      { bytes: original, type: 'image/jpeg' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    const row = await stored(id);
    expect(row).toMatchObject({ message: CONCERN.message, name: 'Ko Aung', photoType: 'image/jpeg' });
    const onDisk = await dataDirStore(t.config.dataDir, 'concerns').read(row.photoKey!);
    for (const kept of [onDisk]) {
      expect(kept.includes(Buffer.from('Exif'))).toBe(false);
      expect(kept.includes(Buffer.from('GPS'))).toBe(false);
      expect(kept.includes(Buffer.from('Photoshop'))).toBe(false);
      expect([...kept.subarray(0, 2)]).toEqual([0xff, 0xd8]);
      expect([...kept.subarray(-2)]).toEqual([0xff, 0xd9]);
    }
    expect(onDisk.length).toBeLessThan(original.length);
    expect(await queued(id)).toMatchObject({ has_photo: true });

    const photo = await as(admin, { url: `/api/admin/concerns/${id}/photo` });
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['cache-control']).toMatch(/no-store/);
    expect(photo.rawPayload.equals(onDisk)).toBe(true);
    // Everyone else: the owner of the project and a stranger are refused, and the public page never shows it.
    expect((await as(owner, { url: `/api/admin/concerns/${id}/photo` })).statusCode).toBe(403);
    expect((await as(stranger, { url: `/api/admin/concerns/${id}/photo` })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/admin/concerns/${id}/photo` })).statusCode).toBe(401);
    await as(admin, {
      method: 'POST',
      url: `/api/admin/concerns/${id}/answer`,
      payload: { answer: 'An inspector visits on Monday.', publish: true },
    });
    const page = (await t.app.inject({ url: `/api/verify/${reference}/concerns` })).json().data;
    const shown = page.find((c: { id: number }) => c.id === id);
    expect(shown).toBeDefined();
    expect(Object.keys(shown).some((k) => k.includes('photo'))).toBe(false);
  });

  it('keeps a PNG (known by its bytes, whatever its declared type) without its text and Exif chunks', async () => {
    const res = await raiseWithPhoto(
      { message: CONCERN.message },
      { bytes: pngWithText(), type: 'application/octet-stream', filename: 'photo.bin' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    const photo = await as(admin, { url: `/api/admin/concerns/${id}/photo` });
    expect(photo.headers['content-type']).toBe('image/png');
    for (const gone of ['tEXt', 'eXIf', 'iTXt', 'zTXt', 'Ko Aung']) {
      expect(photo.rawPayload.includes(Buffer.from(gone)), gone).toBe(false);
    }
    expect(photo.rawPayload.includes(Buffer.from('IHDR'))).toBe(true);
  });

  it('takes a multipart concern without a photo, and answers 404 for its photo', async () => {
    const res = await raiseWithPhoto({ message: CONCERN.message, email: 'a@example.test' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    expect(await stored(id)).toMatchObject({ photoKey: null, photoType: null, email: 'a@example.test' });
    expect(await queued(id)).toMatchObject({ has_photo: false });
    expect((await as(admin, { url: `/api/admin/concerns/${id}/photo` })).statusCode).toBe(404);
    expect((await as(admin, { url: '/api/admin/concerns/999999/photo' })).statusCode).toBe(404);
  });

  it('refuses a file that is not a JPEG or PNG (whatever it claims) and one over 5 MiB with 422 on `photo`, in both languages, keeping nothing', async () => {
    const before = (await t.database.db.select().from(concerns)).length;
    const pdf = await raiseWithPhoto(
      { message: CONCERN.message },
      { bytes: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj<<>>endobj\n'), type: 'image/jpeg', filename: 'site.jpg' },
    );
    expect(pdf.statusCode, pdf.body).toBe(422);
    expect(pdf.json().errors).toEqual({ photo: [expect.any(String)] });
    expect(pdf.json().errors.photo[0]).toBe('The photo must be a JPEG or PNG image.');

    const big = Buffer.concat([
      jpegWithGps().subarray(0, -2),
      Buffer.alloc(5 * 1024 * 1024),
      Buffer.from([0xff, 0xd9]),
    ]);
    const pair = csrf();
    const { payload, contentType } = await multipartBody({ message: 'bad' }, [
      { name: 'photo', bytes: big, type: 'image/jpeg', filename: 'big.jpg' },
    ]);
    const tooLarge = await t.app.inject({
      method: 'POST',
      url: `/api/verify/${reference}/concerns`,
      payload,
      headers: {
        'content-type': contentType,
        'x-requested-with': 'XMLHttpRequest',
        'accept-language': 'my',
        cookie: pair.cookie,
        'x-csrf-token': pair.token,
      },
      remoteAddress: '10.9.0.1',
    });
    expect(tooLarge.statusCode, tooLarge.body).toBe(422);
    // Every failed field at once, so the form shows both; in Burmese with Burmese digits.
    expect(Object.keys(tooLarge.json().errors).sort()).toEqual(['message', 'photo']);
    expect(tooLarge.json().errors.photo[0]).toBe('ဓာတ်ပုံ သည် ၅ MiB ထက် မကြီးရပါ။');
    expect((await t.database.db.select().from(concerns)).length).toBe(before);
  });
});
