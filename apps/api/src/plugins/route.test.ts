import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type EndpointKey } from '@hpbc/shared/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { openapiPath } from './openapi-document';

let t: TestApp;
let doc: { paths: Record<string, Record<string, Record<string, unknown>>> };
const declared: EndpointKey[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
});
afterAll(() => t.close());

/** The routes made from declarations (docs/decisions/063-one-contract.md). */
describe('route(): routes from the contract', () => {
  it('registers every declaration exactly once, at its method and path', () => {
    const table = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    for (const key of Object.keys(contract) as EndpointKey[]) {
      expect(table.has(key), key).toBe(true);
      declared.push(key);
    }
    const ids = Object.values(contract).map((e) => e.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('runs the guard before validation: a guest with a bad body gets 401, not 422', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/reviews/1/comments', payload: { discipline: 'x' } });
    expect(res.statusCode).toBe(401);
  });

  it('describes each declared route in full in the OpenAPI document', () => {
    for (const key of Object.keys(contract) as EndpointKey[]) {
      const [method, url] = key.split(' ') as [string, string];
      const e = contract[key];
      const op = doc.paths[openapiPath(url)]?.[method.toLowerCase()] as
        { operationId: string; summary: string; responses: Record<string, unknown>; security: unknown[] } | undefined;
      expect(op, key).toBeDefined();
      expect(op!.operationId).toBe(e.operationId);
      expect(op!.summary).toBe(e.summary);
      expect(op!.security).toEqual('guard' in e && e.guard ? [{ bearer: [] }] : []);
      for (const status of Object.keys(e.answers)) expect(op!.responses[status], `${key} ${status}`).toBeDefined();
      expect(op!.responses['500']).toBeDefined();
    }
    const comment = doc.paths['/api/reviews/{id}/comments']!.post as {
      requestBody: { content: Record<string, { schema: { required: string[] } }> };
      responses: Record<string, unknown>;
    };
    expect(comment.requestBody.content['application/json']!.schema.required).toEqual(['discipline', 'text']);
    expect(Object.keys(comment.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '404', '409', '413', '415', '422']),
    );
  });
});
