import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { HttpError, ValidationError } from '../lib/http-errors';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await buildTestApp({
    // Routes that exist only here, to reach each branch of the error handler.
    routes: (app, database) => {
      app.post('/api/test/echo', async (req) => ({ received: req.body }));
      app.post(
        '/api/test/schema',
        { schema: { body: z.object({ name: z.string().min(1), age: z.number().int() }) } },
        async () => ({ ok: true }),
      );
      app.get('/api/test/boom', async () => {
        throw new Error('duplicate key violates "users_email_key": SELECT password_hash FROM users WHERE id = 1');
      });
      app.get('/api/test/db-failure', async () => database.query('SELECT * FROM no_such_table'));
      app.get('/api/test/http-error', async () => {
        throw new HttpError(409, 'Already done.', { state: 'done' });
      });
      app.get('/api/test/validation', async () => {
        throw new ValidationError({ email: ['The email field is required.'], name: ['Too long.', 'Bad.'] });
      });
    },
  });
  ({ app } = t);
});
afterAll(() => t.close());

describe('error shapes', () => {
  it.each(['GET', 'POST', 'DELETE'] as const)('answers an unknown /api path (%s) with a JSON 404', async (method) => {
    const res = await app.inject({ method, url: '/api/no/such/thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });

  it('answers a body that is not JSON with 400 {message}', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Aung", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('accepts a body of exactly 1 MiB and refuses one byte more with 413', async () => {
    const json = (size: number) => JSON.stringify({ text: 'x'.repeat(size - '{"text":""}'.length) });
    const ok = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: json(1024 * 1024),
    });
    expect(ok.statusCode).toBe(200);
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: json(1024 * 1024 + 1),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large.' });
  });

  it('answers an unsupported content type with 415 {message}', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(Object.keys(res.json())).toEqual(['message']);
  });

  it.each(['/api/test/boom', '/api/test/db-failure'])(
    'answers an unexpected error at %s with {"message":"Server error."} and nothing else',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toBe('{"message":"Server error."}');
    },
  );

  it('keeps the status, message and extra fields of an HttpError', async () => {
    const res = await app.inject({ url: '/api/test/http-error' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ state: 'done', message: 'Already done.' });
  });

  it('answers a ValidationError with 422, every field, and the first message as message', async () => {
    const res = await app.inject({ url: '/api/test/validation' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The email field is required.',
      errors: { email: ['The email field is required.'], name: ['Too long.', 'Bad.'] },
    });
  });

  it('turns a route schema failure into 422 with each failed field', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/schema', payload: { name: '', age: 'ten' } });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(Object.keys(body.errors).sort()).toEqual(['age', 'name']);
    expect(body.message).toBe(Object.values(body.errors as Record<string, string[]>)[0]![0]);
  });

  it('answers a JSON body that is not an object with 422 on body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/schema',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.body).toEqual(['The request body must be a JSON object.']);
  });

  it('answers a malformed URL with a 4xx JSON message, never a 500', async () => {
    const res = await app.inject({ url: '/api/project-list/%E0%A4%A' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(Object.keys(res.json())).toEqual(['message']);
  });
});

describe('error answers in the language of the request (docs/decisions/026)', () => {
  const my = { 'accept-language': 'my' };

  it('answers a 404 in Burmese, and in English without the header', async () => {
    const res = await app.inject({ url: '/api/no/such/thing', headers: my });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'ရှာမတွေ့ပါ။' });
  });

  it.each(['/api/test/boom', '/api/test/db-failure'])('answers a 500 at %s in Burmese', async (url) => {
    const res = await app.inject({ url, headers: my });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'ဆာဗာတွင် အမှားတစ်ခု ဖြစ်ပေါ်နေပါသည်။ နောက်မှ ထပ်ကြိုးစားပါ။' });
  });

  it('answers bad JSON, a body that is not an object and a 401 in Burmese', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...my, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(bad.json()).toEqual({ message: 'တောင်းဆိုချက်၏ ကိုယ်ထည်သည် မှန်ကန်သော JSON မဟုတ်ပါ။' });
    const notObject = await app.inject({
      method: 'POST',
      url: '/api/test/schema',
      headers: { ...my, 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(notObject.json().errors.body).toEqual(['တောင်းဆိုချက်၏ ကိုယ်ထည်သည် JSON အရာဝတ္ထု (object) ဖြစ်ရပါမည်။']);
    const anonymous = await app.inject({ url: '/api/user/profile', headers: my });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'အကောင့်ဝင်ရန် လိုအပ်ပါသည်။' });
  });
});
