import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, injectAs, type TestUser } from '../../../test/accounts';
import { extractPdfPages } from '../library/pdf-text';
import { qrOfPage } from '../../../test/qr';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.database, { name: 'Daw Khin Owner' });
});
afterAll(() => t.close());

describe('the registration PDF', () => {
  it('carries a QR code of the public verification address and the content hash', async () => {
    const data = completeFormOne();
    const created = await injectAs(t.app, owner.token, {
      method: 'POST',
      url: '/api/registrations',
      payload: { data },
    });
    const id = created.json().data.id as number;
    const sub = await injectAs(t.app, owner.token, {
      method: 'POST',
      url: `/api/registrations/${id}/submit`,
      payload: { data },
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const record = (await injectAs(t.app, owner.token, { url: `/api/registrations/${id}` })).json().data;

    const res = await injectAs(t.app, owner.token, { url: `/api/registrations/${id}/pdf` });
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    const url = `${t.config.appUrl}/verify/${record.reference_number}`;
    expect(qrOfPage(pdf)).toBe(url);
    const text = (await extractPdfPages(new Uint8Array(pdf))).join('\n').replace(/\s+/g, '');
    expect(text).toContain(record.content_sha256);
    // The address the code holds answers the public verification.
    const verify = await t.app.inject({ url: `/api/verify/${record.reference_number}` });
    expect(verify.json().content_sha256).toBe(record.content_sha256);
  });
});
