import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createCsrf } from '../../plugins/csrf';
import { createMailService } from '../../lib/mail-outbox/mail.service';
import { openTestDatabase, testConfig } from '../../../test/build-test-app';
import { insertEietCompany } from '../../../test/public-records';
import { serviceRequestsService } from './service-requests.service';
import { makePdf, postServiceRequest } from './service-requests.test-helpers';

let database: Database;
let drop: () => Promise<void>;
let config: Config;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  config = testConfig();
});
afterAll(async () => {
  await app?.close();
  await drop();
  rmSync(config.dataDir, { recursive: true, force: true });
});

/** The administrator-side service on its own, as a script or the admin screen would use it. */
function adminService() {
  const log = { warn() {}, error() {}, info() {} } as never;
  return serviceRequestsService({
    config,
    database,
    now: () => new Date(),
    mail: createMailService({ config, database, log }),
    csrf: createCsrf(config.appSecret, false),
    log,
  });
}

describe('a submitted request after a restart', () => {
  it('is still there, and its cover letter reads back byte for byte', async () => {
    const company = await insertEietCompany(database, {
      eietName: 'Restart Inspection',
      emailAddress: 'team@restart.example',
    });
    const pdf = await makePdf('Survives restarts');

    app = await buildApp({ config, database });
    const res = await postServiceRequest(
      { app, config },
      {
        project_name: 'Durable Tower',
        project_information: 'Ten storeys',
        company_name: 'Builder Co',
        address: 'Mandalay',
        company_email: 'builder@example.com',
        contact_phone: '09 123 456 789',
        eiet_id: company,
      },
      { cover: pdf, filename: 'ကုမ္ပဏီ letter.pdf' },
    );
    expect(res.statusCode).toBe(201);
    await app.close();
    app = undefined;

    // A new process on the same database and data folder.
    app = await buildApp({ config, database });
    const service = adminService();
    const { rows } = await service.listServiceRequests({ page: 1, perPage: 10 });
    expect(rows).toHaveLength(1);
    const { request, coverLetter } = await service.readServiceRequest(rows[0]!.id);
    expect(request).toMatchObject({
      kind: 'eiet',
      company_id: company,
      company_label: 'Restart Inspection',
      project_name: 'Durable Tower',
      cover_letter_name: 'ကုမ္ပဏီ letter.pdf',
      cover_letter_size: pdf.length,
    });
    expect(coverLetter.equals(pdf)).toBe(true);

    // The queued mail survived too, and goes out with the cover letter attached.
    const mail = createMailService({ config, database, log: app.log });
    expect(await mail.drain()).toBe(2);
    const files = readdirSync(path.join(config.dataDir, 'mail'));
    const notice = files.find((f) => f.includes('team@restart.example'))!;
    const eml = readFileSync(path.join(config.dataDir, 'mail', notice), 'utf8');
    expect(eml).toContain('Content-Type: application/pdf');
    expect(eml).toContain(pdf.subarray(0, 30).toString('base64').slice(0, 20));
  });

  it('refuses to hand back a cover letter that was changed on disk', async () => {
    const service = adminService();
    const { rows } = await service.listServiceRequests({ page: 1, perPage: 10 });
    const { request } = await service.readServiceRequest(rows[0]!.id);
    const dir = path.join(config.dataDir, 'uploads', 'service-requests');
    const year = readdirSync(dir)[0]!;
    const file = path.join(dir, year, readdirSync(path.join(dir, year))[0]!);
    writeFileSync(file, Buffer.concat([readFileSync(file), Buffer.from(' ')]));
    await expect(service.readServiceRequest(request.id)).rejects.toMatchObject({ statusCode: 409 });
    rmSync(file);
    await expect(service.readServiceRequest(request.id)).rejects.toMatchObject({ statusCode: 410 });
  });
});
