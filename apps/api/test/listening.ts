import { Agent, request } from 'undici';
import type { TestApp } from './build-test-app';

/**
 * The test app listening on 127.0.0.1, with clients that connect from other loopback
 * addresses (127.0.1.x; Linux routes all of 127/8 to lo), so per-address limits see
 * really different addresses, not injected ones.
 */
export async function listen(t: TestApp) {
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const agents = new Map<string, Agent>();
  const agentFor = (ip: string) => {
    let a = agents.get(ip);
    if (!a) {
      a = new Agent({ localAddress: ip, connections: 64 });
      agents.set(ip, a);
    }
    return a;
  };

  async function send(
    method: string,
    path: string,
    opts: { from?: string; json?: unknown; headers?: Record<string, string>; body?: string | Buffer } = {},
  ) {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...opts.headers };
    let body = opts.body;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    }
    const res = await request(`${address}${path}`, {
      method: method as 'GET',
      headers,
      body,
      dispatcher: agentFor(opts.from ?? '127.0.1.1'),
    });
    const text = await res.body.text();
    return {
      status: res.statusCode,
      headers: res.headers as Record<string, string | undefined>,
      text,
      json: () => JSON.parse(text) as Record<string, unknown> & { errors?: Record<string, string[]> },
    };
  }

  return {
    address,
    send,
    async close() {
      await Promise.all([...agents.values()].map((a) => a.close()));
    },
  };
}
export type Listening = Awaited<ReturnType<typeof listen>>;
