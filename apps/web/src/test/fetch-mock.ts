import { vi } from 'vitest';

export interface MockCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export interface MockAnswer {
  status?: number;
  body?: unknown;
}
type Handler = (call: MockCall) => MockAnswer | Promise<MockAnswer>;

/**
 * Replaces fetch with a table of answers by "METHOD /path" (the query is ignored).
 * A function answer sees the call and may hold the answer back (a promise) or reject
 * (no response). Unknown calls answer 599 so a test notices them.
 */
export function mockFetch(routes: Record<string, MockAnswer | Handler>) {
  const calls: MockCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: MockCall = {
      method,
      path: url.pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    const answer = typeof route === 'function' ? await route(call) : route;
    if (!answer)
      return new Response(JSON.stringify({ message: `unmocked ${method} ${url.pathname}` }), { status: 599 });
    // 204 and 304 answers may not carry a body at all, not even an empty one.
    const empty = answer.status === 204 || answer.status === 304;
    return new Response(empty ? null : answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls, count: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key).length };
}

/** A promise with its resolve handle, to hold an answer back. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
