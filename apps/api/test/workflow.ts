import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import { injectAs, type TestUser } from './accounts';

/**
 * The moves of a registration that many tests make on the way to what they test, each
 * failing the test (with the answer's body) unless the API accepts it.
 */

/** The app (requests with the user's own token), or a test's own way to send as a user. */
type Sender = FastifyInstance | ((user: TestUser, opts: InjectOptions) => Promise<LightMyRequestResponse>);

const send = (via: Sender, user: TestUser, opts: InjectOptions) =>
  typeof via === 'function' ? via(user, opts) : injectAs(via, user.token, opts);

/** A new registration of `owner`, submitted with `data` (a complete Form One): its id. */
export async function submittedRegistration(app: Sender, owner: TestUser, data = completeFormOne()) {
  const created = await send(app, owner, { method: 'POST', url: '/api/registrations', payload: {} });
  const id = created.json().data.id as number;
  await submitRegistration(app, owner, id, data);
  return id;
}

/** Sends registration `id` (again, after a return) with `data`. */
export async function submitRegistration(app: Sender, owner: TestUser, id: number, data = completeFormOne()) {
  const res = await send(app, owner, {
    method: 'POST',
    url: `/api/registrations/${id}/submit`,
    payload: { data },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The committee moves registration `id` to `status`, with `note` (its mail in `language` if given). */
export async function decideRegistration(
  app: Sender,
  admin: TestUser,
  id: number,
  status: string,
  note = 'Decided by the committee.',
  language?: string,
) {
  const res = await send(app, admin, {
    method: 'PATCH',
    url: `/api/admin/registrations/${id}/status`,
    payload: { status, note },
    ...(language ? { headers: { 'accept-language': language } } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
}
