import Fastify from 'fastify';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { recordFastPath } from '../../test/fast-path-spy';
import { PreparedFastPath } from '../lib/prepared-fast-path';
import { route } from './route';

// Which routes are answered before Fastify is declared on each route (`fastPath` in the
// contract, docs/decisions/064); route() registers them and refuses at start what the fast
// path would get wrong. Behind the documented proxy the lists stay on the fast path.

describe('fastPath declared on the route', () => {
  function bareApp() {
    const app = Fastify();
    app.decorate('fastPath', new PreparedFastPath({ log: () => undefined }));
    return app;
  }

  it('refuses a declared prepared route registered without its answer', () => {
    expect(() => route(bareApp(), 'GET /api/eiet-list', () => ({ status: 'success' as const, eietList: [] }))).toThrow(
      /declared fastPath 'prepared' but registered without its answer/,
    );
  });

  it('refuses a fast-path answer for a route not declared so', () => {
    expect(() =>
      route(bareApp(), 'GET /api/v1/site/contact', () => ({ status: 'success' as const, contact: {} as never }), {
        queried: { body: () => undefined, headers: [] },
      }),
    ).toThrow(/not declared fastPath/);
  });

  it('refuses a prepared route with hooks of its own, which the fast path would skip', () => {
    expect(() =>
      route(bareApp(), 'GET /api/eiet-list', () => ({ status: 'success' as const, eietList: [] }), {
        onRequest: [(_req, _reply, done) => done()],
        prepared: { answer: {} as never },
      }),
    ).toThrow(/without hooks of its own/);
  });
});

describe('behind the documented proxy (TRUST_PROXY, X-Forwarded-For)', () => {
  let t: TestApp;
  let address: string;
  const served: boolean[] = [];
  const logged: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ config: { trustProxy: 'loopback' } });
    address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    recordFastPath(t.app, (answered) => served.push(answered));
    const log = t.app.fastPath['opts'].log;
    t.app.fastPath['opts'].log = (id, method, url, ip, status, ms) => {
      logged.push(ip);
      log(id, method, url, ip, status, ms);
    };
  });
  afterAll(() => t.close());

  it('answers the prepared lists before Fastify and logs the forwarded client', async () => {
    // The first request prepares the answer (through Fastify); the next ones are served before it.
    await (await request(`${address}/api/eiet-list`)).body.dump();
    served.length = 0;
    const res = await request(`${address}/api/eiet-list`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    await res.body.dump();
    expect(res.statusCode).toBe(200);
    expect(served).toEqual([true]);
    expect(logged.at(-1)).toBe('203.0.113.9');
  });
});
