import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { AccessLog, logDestination } from './access-log';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function logFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'hpbc-log-'));
  dirs.push(dir);
  return path.join(dir, 'out.log');
}

/** Lines of the access log and of Fastify's logger, taking turns, some in Burmese (several bytes a character). */
function writeLines(fd: number, count: number): string[] {
  const out = logDestination(fd);
  const access = new AccessLog(out, 'info');
  const logger = pino({ base: null, timestamp: false }, out);
  const sent: string[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 3 === 0) {
      logger.info({ n: i }, `ကုမ္ပဏီ ${i}`);
      sent.push(`ကုမ္ပဏီ ${i}`);
    } else {
      access.line(`req-${i}`, 'GET', `/api/eiet-list?page=${i}`, '127.0.0.1', 200, 0.5);
      sent.push(`req-${i}`);
    }
  }
  return sent;
}

/** The message or request id of each line, in the order the lines reached the file. */
function received(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const entry = JSON.parse(line) as { msg: string; reqId?: string };
      return entry.reqId ?? entry.msg;
    });
}

// The log's destination turns each line into bytes as it comes (docs/decisions/125): every
// line, whole and in the order written, whoever wrote it (docs/decisions/055).
describe('the log destination', () => {
  it('writes every line whole and in order, the access log and the logger alike', async () => {
    const file = logFile();
    // Left open: the destination keeps flushing every 200 ms for as long as the test file runs.
    const fd = openSync(file, 'w');
    const sent = writeLines(fd, 3000);
    // Written in the background, 32 KiB at a time, and what is left within 200 ms.
    const deadline = Date.now() + 5000;
    while (received(file).length < sent.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(received(file)).toEqual(sent);
    expect(readFileSync(file, 'utf8')).toContain('"url":"/api/eiet-list"');
  });

  it('redacts a URL asked again as the first time, and keeps no query string', () => {
    const lines: string[] = [];
    const access = new AccessLog({ write: (line: string) => lines.push(line) }, 'info');
    for (let i = 0; i < 600; i++) {
      access.line('r', 'GET', `/api/calendar/secret-${i % 300}.ics?token=t${i}`, '10.0.0.1', 200, 1);
      access.line('r', 'GET', '/api/library/search?q=fire', '10.0.0.1', 200, 1);
    }
    const urls = lines.map((line) => (JSON.parse(line) as { req: { url: string } }).req.url);
    expect(new Set(urls)).toEqual(new Set(['/api/calendar/[redacted]', '/api/library/search']));
    expect(lines.join('')).not.toContain('secret-');
  });

  // Fewer than 32 KiB: all of it still held, none of it being written, when the process exits.
  it('writes the lines still held when the process exits', () => {
    const file = logFile();
    const script = `
      import { openSync } from 'node:fs';
      import { AccessLog, logDestination } from './apps/api/src/plugins/access-log.ts';
      const access = new AccessLog(logDestination(openSync(${JSON.stringify(file)}, 'w')), 'info');
      for (let i = 0; i < 10; i++) access.line('req-' + i, 'GET', '/api/eiet-list', '127.0.0.1', 200, 0.5);
      process.exit(0);
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(received(file)).toEqual(Array.from({ length: 10 }, (_, i) => `req-${i}`));
  });
});
