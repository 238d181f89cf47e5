import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddress, proxyTrust } from './client-address';

// The search's fast path must see the client Fastify sees (docs/decisions/061): for each
// TRUST_PROXY, clientAddress(proxyTrust(setting)) against request.ip of a Fastify given the
// setting as the string it was before, and of one given the compiled function, as buildApp does.
describe('clientAddress', () => {
  for (const setting of [undefined, 'loopback', '10.0.0.0/8, 127.0.0.1', '192.0.2.1']) {
    it(`gives Fastify's request.ip with TRUST_PROXY=${setting ?? '(unset)'}`, async () => {
      const trust = proxyTrust(setting);
      const ours = clientAddress(trust);
      const asString = Fastify({ trustProxy: setting ?? false });
      const asFunction = Fastify({ trustProxy: trust ?? false });
      for (const app of [asString, asFunction]) {
        app.get('/', async (req) => ({ fastify: req.ip, ours: ours(req.raw) }));
      }
      const cases: [string, string | undefined][] = [
        ['127.0.0.1', undefined],
        ['127.0.0.1', '203.0.113.5'],
        ['127.0.0.1', '203.0.113.5, 10.1.2.3'],
        ['127.0.0.1', 'not an address, 10.1.2.3'],
        ['127.0.0.1', '2001:db8::1'],
        ['192.0.2.1', '203.0.113.6'],
        ['198.51.100.1', '203.0.113.7'],
        ['::ffff:127.0.0.1', '203.0.113.8'],
      ];
      try {
        for (const [remoteAddress, forwarded] of cases) {
          const headers = forwarded ? { 'x-forwarded-for': forwarded } : {};
          const a = (await asString.inject({ url: '/', remoteAddress, headers })).json();
          const b = (await asFunction.inject({ url: '/', remoteAddress, headers })).json();
          expect({ remoteAddress, forwarded, ...a }).toEqual({
            remoteAddress,
            forwarded,
            fastify: a.ours,
            ours: a.ours,
          });
          expect(b).toEqual(a);
          // Twice: the remembered trust gives the same answer.
          expect((await asFunction.inject({ url: '/', remoteAddress, headers })).json()).toEqual(a);
        }
      } finally {
        await asString.close();
        await asFunction.close();
      }
    });
  }
});
