import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, injectAs, type TestUser } from '../../../test/accounts';
import { extractPdfPages } from '../library/pdf-text';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.database, { name: 'Daw Khin Owner' });
});
afterAll(() => t.close());

/** Page 1 rendered by poppler as a PPM, then read as RGBA for jsQR. */
function qrOfFirstPage(pdf: Buffer): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'hpbc-qr-'));
  try {
    writeFileSync(path.join(dir, 'r.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '150', '-f', '1', '-l', '1', path.join(dir, 'r.pdf'), path.join(dir, 'p')]);
    const file = readdirSync(dir).find((f) => f.endsWith('.ppm'))!;
    const ppm = readFileSync(path.join(dir, file));
    // "P6\n<w> <h>\n255\n" then RGB bytes.
    const header = ppm
      .subarray(0, 40)
      .toString('latin1')
      .match(/^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/)!;
    const [w, h] = [Number(header[1]), Number(header[2])];
    const rgb = ppm.subarray(header[0].length);
    const rgba = new Uint8ClampedArray(w * h * 4);
    for (let i = 0; i < w * h; i++) {
      rgba[i * 4] = rgb[i * 3]!;
      rgba[i * 4 + 1] = rgb[i * 3 + 1]!;
      rgba[i * 4 + 2] = rgb[i * 3 + 2]!;
      rgba[i * 4 + 3] = 255;
    }
    return jsQR(rgba, w, h)?.data ?? null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

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
    expect(qrOfFirstPage(pdf)).toBe(url);
    const text = (await extractPdfPages(new Uint8Array(pdf))).join('\n').replace(/\s+/g, '');
    expect(text).toContain(record.content_sha256);
    // The address the code holds answers the public verification.
    const verify = await t.app.inject({ url: `/api/verify/${record.reference_number}` });
    expect(verify.json().content_sha256).toBe(record.content_sha256);
  });
});
