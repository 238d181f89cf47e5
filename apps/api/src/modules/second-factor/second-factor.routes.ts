import type { FastifyPluginAsync } from 'fastify';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { renderMessage } from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { knownId } from '../../lib/http-errors';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import type { AuthService } from '../auth/auth.service';
import { secondFactorService } from './second-factor.service';

const idOf = (id: number | null) => knownId(id, 'passkey_not_found');
// The browser's WebAuthn answers: their shape is checked by the contract's schemas, the rest by the library.
const asAuthentication = (r: unknown) => r as AuthenticationResponseJSON;
const asRegistration = (r: unknown) => r as RegistrationResponseJSON;

/**
 * Passkeys, signing in with one, step-up proofs for legal acts, and the mailed link that
 * every change of a second factor needs (declared in @hpbc/shared/contract/second-factor).
 */
export function secondFactorRoutes(deps: ModuleDeps, auth: AuthService): FastifyPluginAsync {
  return async (app) => {
    const service = secondFactorService(deps);

    route(app, 'GET /api/user/security', async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await service.overview(actorOf(req)) };
    });

    route(app, 'POST /api/user/security/link', async (req) => {
      const { message } = await service.mailLink(actorOf(req), req.body.password, '/user/two-factor');
      return { message: renderMessage(message, req.locale) };
    });

    // ---- Passkeys ------------------------------------------------------------------------
    route(app, 'POST /api/user/passkeys/options', async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await service.registrationOptions(actorOf(req), req.body.token) };
    });
    route(app, 'POST /api/user/passkeys', async (req) => {
      const body = { ...req.body, response: asRegistration(req.body.response) };
      return { data: await service.addPasskey(actorOf(req), body, req.locale) };
    });
    route(app, 'PATCH /api/user/passkeys/:id', async (req) => ({
      data: await service.renamePasskey(actorOf(req), idOf(req.params.id), req.body.name),
    }));
    route(app, 'DELETE /api/user/passkeys/:id', async (req, reply) => {
      await service.removePasskey(actorOf(req), idOf(req.params.id), req.body.token);
      return reply.status(204).send();
    });

    // ---- Signing in with a passkey --------------------------------------------------------
    route(app, 'POST /api/user/login/passkey/options', async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await service.signInOptions() };
    });
    route(app, 'POST /api/user/login/passkey', async (req, reply) => {
      const userId = await service.signIn(asAuthentication(req.body.response));
      reply.header('Cache-Control', 'no-store');
      return auth.finishSignIn(userId, req.body.remember);
    });
    route(app, 'POST /api/user/login/two-factor/passkey/options', async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await service.secondStepOptions(req.body.challenge) };
    });
    route(app, 'POST /api/user/login/two-factor/passkey', async (req, reply) => {
      const done = await service.secondStep(req.body.challenge, asAuthentication(req.body.response));
      reply.header('Cache-Control', 'no-store');
      return auth.finishSignIn(done.userId, done.remember);
    });

    // ---- Step-up for legal acts -------------------------------------------------------------
    route(app, 'POST /api/user/step-up/options', async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await service.stepUpOptions(actorOf(req), req.body.act) };
    });
    route(app, 'POST /api/user/step-up', async (req) => {
      const body = req.body;
      return service.stepUp(actorOf(req), 'code' in body ? body : { response: asAuthentication(body.response) });
    });
  };
}
