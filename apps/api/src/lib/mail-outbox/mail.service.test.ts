import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { backoffSeconds, redactLink } from './mail.service';

describe('redactLink', () => {
  it('hides reset tokens, link signatures, addresses, tracking tokens and address hashes (issue 24, hole 4)', () => {
    expect(redactLink('http://h/reset-password?token=abc123&email=a%40b.c')).toBe(
      'http://h/reset-password?token=[redacted]&email=[redacted]',
    );
    expect(redactLink('http://h/email/verify/1/ff00?expires=99&signature=deadbeef')).toBe(
      'http://h/email/verify/1/[redacted]?expires=99&signature=[redacted]',
    );
    expect(redactLink('https://h.example/service-requests/track/AbC_d-123')).toBe(
      'https://h.example/service-requests/track/[redacted]',
    );
    expect(redactLink('https://h.example/api/calendar/AbC_d-123.ics')).toBe(
      'https://h.example/api/calendar/[redacted]',
    );
  });
});

describe('backoffSeconds', () => {
  it('doubles from 5 seconds and stops at 10 minutes', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([5, 10, 20, 40]);
    expect(backoffSeconds(30)).toBe(600);
  });
});

describe('file transport', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('writes each mail as an .eml file under DATA_DIR/mail when SMTP_URL is unset', async () => {
    await t.app.mail.enqueue({
      to: 'a@example.test',
      subject: 'Hello',
      text: 'Body http://x/y?token=s3cret',
      html: '<p>Body</p>',
      kind: 'staff',
    });
    expect(await t.app.mail.drain()).toBe(1);
    const dir = path.join(t.config.dataDir, 'mail');
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(eml).toContain('Subject: Hello');
    expect(eml).toContain('token=s3cret');
    expect(await t.app.mail.countPending()).toBe(0);
  });
});
