/**
 * Issue 24, hole 12: 1,500 half-open requests from one address were accepted, the server
 * made through serverFactory had no header or request timeout, and the 400 and 431 that
 * Node answers before routing had no security headers (lib/app-server.ts).
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_LIMITS } from '../../src/lib/app-server';
import { buildTestApp, type TestApp } from '../build-test-app';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({
    deps: { connectionLimits: { headersTimeoutMs: 1000, requestTimeoutMs: 2000, checkEveryMs: 200 } },
  });
  port = Number(new URL(await t.app.listen({ host: '127.0.0.1', port: 0 })).port);
});
afterAll(() => t.close());

interface Raw {
  socket: net.Socket;
  closed: Promise<string>;
}
/** A raw connection from `from` that writes `head` and collects what comes back until the server closes it. */
function raw(from: string, head: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: from });
    let received = '';
    const closed = new Promise<string>((done) => {
      socket.on('data', (d) => (received += d.toString('latin1')));
      socket.on('close', () => done(received));
      socket.on('error', () => undefined);
    });
    socket.on('connect', () => {
      socket.write(head);
      resolve({ socket, closed });
    });
    socket.on('error', reject);
  });
}
const headerOf = (answer: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(answer.split('\r\n\r\n')[0] ?? '')?.[1];

describe('connections (issue 24, hole 12)', () => {
  it(`one address keeps at most ${CONNECTION_LIMITS.perAddress} connections; another address is still served`, async () => {
    const extra = 20;
    const sockets = await Promise.all(
      Array.from({ length: CONNECTION_LIMITS.perAddress + extra }, () =>
        raw('127.0.3.1', 'GET / HTTP/1.1\r\nHost: x\r\n'),
      ),
    );
    // The extra ones are closed at once, without a word; the others wait for their head until
    // the (shortened) header timeout answers them 408.
    const answers = await Promise.all(sockets.map((s) => s.closed.then((text) => text.split('\r\n')[0])));
    expect(answers.filter((a) => a === '')).toHaveLength(extra);
    expect(answers.filter((a) => a === 'HTTP/1.1 408 Request Timeout')).toHaveLength(CONNECTION_LIMITS.perAddress);
    const other = await raw('127.0.3.2', 'GET /api/no-such-route HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect((await other.closed).split('\r\n')[0]).toBe('HTTP/1.1 404 Not Found');
    for (const s of sockets) s.socket.destroy();
  });

  it('a request head that does not arrive in time is answered 408 and closed, with the security headers', async () => {
    const slow = await raw('127.0.3.3', 'GET / HTTP/1.1\r\nHost: x\r\n');
    const started = Date.now();
    const answer = await slow.closed;
    expect(Date.now() - started).toBeLessThan(3000);
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(headerOf(answer, 'content-security-policy')).toContain("default-src 'self'");
  });

  it.each([
    [
      '431, a head too large',
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      'HTTP/1.1 431 Request Header Fields Too Large',
    ],
    ['400, a head that does not parse', 'NOT HTTP AT ALL\r\n\r\n', 'HTTP/1.1 400 Bad Request'],
  ])('%s: answered before routing, with the security headers', async (_label, head, status) => {
    const answer = await (await raw('127.0.3.4', head)).closed;
    expect(answer.split('\r\n')[0]).toBe(status);
    expect(headerOf(answer, 'content-security-policy')).toContain("object-src 'none'");
    expect(headerOf(answer, 'x-content-type-options')).toBe('nosniff');
    expect(headerOf(answer, 'x-frame-options')).toBe('SAMEORIGIN');
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({ message: expect.any(String) });
  });
});
