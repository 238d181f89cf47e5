import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type EndpointKey } from '@hpbc/shared/contract';
import { isMultipart, splitKey, type Endpoint } from '@hpbc/shared/contract/endpoint';
import { buildTestApp, type TestApp } from './build-test-app';
import { createUser, uniqueIp } from './accounts';
import { openapiPath } from '../src/plugins/openapi-document';

/**
 * The contract test (issue 23): one request to every declared operation, generated from
 * the declarations, and each answer checked against the OpenAPI document made from them
 * with a JSON Schema validator (ajv, draft 2020-12): its status is one the operation
 * declares, its body matches that status's schema (answers allow no undeclared field),
 * its declared required headers are there and a file answer has its declared type.
 *
 * The requests are the plainest ones (ids of 1, empty bodies), sent by an administrator
 * with every role: most reads succeed, most writes answer their 404 or 422; both shapes
 * are part of the contract.
 */

type Json = Record<string, unknown>;
interface Operation {
  responses: Record<
    string,
    { content?: Record<string, { schema: Json }>; headers?: Record<string, { required?: boolean }> }
  >;
}

const PARAM_EXAMPLES: Record<string, string> = {
  id: '1',
  level: 'discipline',
  reference: 'HPBC-0001',
  token: 'no-such-token',
  file: 'part-1.pdf',
  hash: 'abc',
};

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>>; components?: Json };
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
  token = (await createUser(t.database, { admin: true, roles: ['project', 'national-counterpart', 'eiet'] })).token;
});
afterAll(() => t.close());

/** Reads first, then writes; signing out last (it ends the session the others use). */
const order = (key: string) =>
  key.startsWith('GET') ? 0 : key === 'POST /api/user/logout' ? 3 : key.startsWith('DELETE') ? 2 : 1;
const keys = (Object.keys(contract) as EndpointKey[]).sort((a, b) => order(a) - order(b) || a.localeCompare(b));

describe('every declared operation answers as its declaration says', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const checked: string[] = [];

  it.each(keys)('%s', async (key) => {
    const e: Endpoint = contract[key];
    const [method, url] = splitKey(key);
    const path = url.replace(/:(\w+)/g, (_, name: string) => PARAM_EXAMPLES[name] ?? '1');
    const multipart = isMultipart(e.body);
    const res = await t.app.inject({
      method,
      url: path,
      remoteAddress: uniqueIp(),
      headers: {
        authorization: `Bearer ${token}`,
        // The tus calls need the protocol's version header on every request (docs/api.md, resumable uploads).
        ...(url.startsWith('/api/uploads') ? { 'tus-resumable': '1.0.0' } : {}),
        ...(multipart ? { 'content-type': 'multipart/form-data; boundary=x' } : {}),
      },
      ...(multipart ? { payload: '--x--\r\n' } : e.body ? { payload: {} } : {}),
    });
    const op = doc.paths[openapiPath(url)]?.[method.toLowerCase()];
    expect(op, `${key} is in the document`).toBeDefined();
    const answer = op!.responses[String(res.statusCode)];
    expect(answer, `${key} answered ${res.statusCode}: ${res.body.slice(0, 300)}`).toBeDefined();
    for (const [name, h] of Object.entries(answer!.headers ?? {})) {
      if (h.required) expect(res.headers[name.toLowerCase()], `${key}: header ${name}`).toBeDefined();
    }
    const content = answer!.content;
    if (!content) {
      expect(res.body, `${key}: ${res.statusCode} has no body`).toBe('');
    } else if (content['application/json']) {
      expect(res.headers['content-type'], key).toMatch(/^application\/json/);
      const validate = ajv.compile({ ...content['application/json'].schema, components: doc.components });
      const ok = validate(res.json());
      expect(ok ? [] : validate.errors, `${key} ${res.statusCode}: ${res.body.slice(0, 300)}`).toEqual([]);
    } else {
      const type = String(res.headers['content-type']).split(';')[0];
      expect(Object.keys(content), key).toContain(type);
    }
    checked.push(`${key} → ${res.statusCode}`);
  });

  it('reached every operation, and many of them with their success answer', () => {
    expect(checked).toHaveLength(keys.length);
    const succeeded = checked.filter((c) => / → 2\d\d$/.test(c));
    expect(succeeded.length, checked.join('\n')).toBeGreaterThanOrEqual(30);
  });
});
