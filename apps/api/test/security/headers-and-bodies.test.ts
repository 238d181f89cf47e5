/**
 * Holes 8 and 9 of issue 9: HSTS over https, object-src/base-uri 'none', no-store for
 * signed-in answers, the __Host- CSRF cookie over https, and a 413 that arrives (the rest
 * of the body is read) instead of a connection reset.
 */
import http from 'node:http';
import net from 'node:net';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../accounts';
import { buildTestApp, type TestApp } from '../build-test-app';
import { cspDirectives } from '../csp';
import { fakeWebDist } from '../web-dist';

let plain: TestApp;
let secure: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = fakeWebDist({
    'index.html': '<!doctype html><html><head><meta name="csrf-token" content="" /></head><body></body></html>',
  });
  plain = await buildTestApp({ config: { webDist } });
  secure = await buildTestApp({ config: { webDist, appUrl: 'https://hpbc.example.gov.mm' } });
});
afterAll(async () => {
  await plain.close();
  await secure.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('security headers (hole 8)', () => {
  it('HSTS only when APP_URL is https; object-src and base-uri are none', async () => {
    for (const url of ['/', '/api/project-list', '/api/no-such-route']) {
      const s = await secure.app.inject({ url });
      expect(s.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const p = await plain.app.inject({ url });
      expect(p.headers['strict-transport-security']).toBeUndefined();
      const csp = cspDirectives(s.headers['content-security-policy']);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'none'"]);
    }
  });

  it('answers for a signed-in user carry Cache-Control: no-store; public lists do not', async () => {
    const u = await createUser(plain.database, { roles: ['project'] });
    const auth = { authorization: `Bearer ${u.token}` };
    for (const url of ['/api/user', '/api/user/profile', '/api/user/status', '/api/registrations']) {
      const res = await plain.app.inject({ url, headers: auth });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // A refusal to a signed-in user is theirs too.
    const refused = await plain.app.inject({ url: '/api/admin/users', headers: auth });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cache-control']).toBe('no-store');
    const pub = await plain.app.inject({ url: '/api/project-list' });
    expect(pub.headers['cache-control']).toBe('no-cache');
  });

  it('the CSRF cookie takes the __Host- prefix over https', async () => {
    const s = await secure.app.inject({ url: '/' });
    expect(String(s.headers['set-cookie'])).toMatch(
      /^__Host-hpbc_csrf=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
    );
    const p = await plain.app.inject({ url: '/' });
    expect(String(p.headers['set-cookie'])).toMatch(
      /^hpbc_csrf=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/,
    );
  });
});

describe('bodies over the limit (hole 9)', () => {
  let port: number;
  beforeAll(async () => {
    port = Number(new URL(await plain.app.listen({ host: '127.0.0.1', port: 0 })).port);
  });

  /** Node's http.request, writing the whole body as a client would, slowly enough to still be sending. */
  function post(port: number, body: Buffer, chunked: boolean): Promise<{ status?: number; error?: string }> {
    return new Promise((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/user/login',
        headers: {
          'content-type': 'application/json',
          ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) }),
        },
        agent: false,
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode }));
      });
      req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
      req.end(body);
    });
  }

  /**
   * A raw client that keeps sending the whole body in 16 KiB pieces, as a slow uploader
   * does, and reads the answer only at the end: a server that answers and closes while
   * bytes are still arriving makes the kernel reset the connection, and the reset throws
   * away the answer the client had not read yet.
   */
  function slowPost(port: number, size: number, chunked: boolean): Promise<string> {
    return new Promise((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      let received = '';
      let settled = false;
      const finish = (what: string) => {
        if (settled) return;
        settled = true;
        socket.destroy();
        resolve(what);
      };
      socket.on('data', (d) => (received += d.toString('latin1')));
      socket.on('error', (err: NodeJS.ErrnoException) => finish(err.code ?? 'error'));
      socket.on('close', () => finish(received.split('\r\n')[0] ?? ''));
      socket.on('connect', async () => {
        // Like a client busy uploading: nothing is read until the whole body is sent.
        socket.pause();
        socket.write(
          'POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
            (chunked ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${size}\r\n`) +
            '\r\n',
        );
        const piece = Buffer.alloc(16 * 1024, 'x');
        for (let sent = 0; sent < size && !settled; sent += piece.length) {
          const data = chunked
            ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
            : piece;
          if (!socket.write(data)) await new Promise((r) => socket.once('drain', r));
          await new Promise((r) => setTimeout(r, 1));
        }
        if (chunked && !settled) socket.write('0\r\n\r\n');
        socket.resume();
        setTimeout(() => finish(received.split('\r\n')[0] ?? 'no answer'), 2000);
      });
    });
  }

  it('a client still sending a 2 MiB body slowly reads the 413, never a reset', async () => {
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await slowPost(port, 2 * 1024 * 1024, i % 2 === 1));
    expect(results).toEqual(Array.from({ length: 6 }, () => 'HTTP/1.1 413 Payload Too Large'));
  });

  it('a 2 MiB body always gets the 413, never a reset (with and without Content-Length)', async () => {
    const body = Buffer.from(JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }));
    const results = [];
    for (let i = 0; i < 20; i++) results.push(await post(port, body, i % 2 === 1));
    expect(results).toEqual(Array.from({ length: 20 }, () => ({ status: 413 })));
  });
});
