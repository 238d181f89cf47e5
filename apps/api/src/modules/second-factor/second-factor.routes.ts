import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { idParamsSchema, messageCode, renderMessage } from '@hpbc/shared';
import {
  passkeyAddSchema,
  passkeyLoginSchema,
  passkeyOptionsSchema,
  passkeyRemoveSchema,
  passkeyRenameSchema,
  securityLinkSchema,
  stepUpOptionsSchema,
  stepUpSchema,
  twoFactorPasskeySchema,
} from '@hpbc/shared/second-factor';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import { notFound } from '../../lib/http-errors';
import { actorOf, requireVerified } from '../../plugins/auth';
import type { AuthService } from '../auth/auth.service';
import { TWO_FACTOR_RATE_LIMIT } from '../auth/two-factor.routes';
import { secondFactorService } from './second-factor.service';

const limited = {
  rateLimit: { ...TWO_FACTOR_RATE_LIMIT, keyGenerator: (req: FastifyRequest) => `two-factor:${req.ip}` },
};
const securityLinkPath = z.object({ path: z.enum(['/user/profile']).default('/user/profile') });
const idOf = (id: number | null) => {
  if (id === null) throw notFound(messageCode('passkey_not_found'));
  return id;
};

/**
 * Passkeys, signing in with one, step-up proofs for legal acts, and the mailed link that
 * every change of a second factor needs (docs/api.md "Passkeys and step-up").
 */
export function secondFactorRoutes(deps: ModuleDeps, auth: AuthService): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const service = secondFactorService(deps);
    const signedIn = { onRequest: requireVerified };

    app.get('/api/user/security', signedIn, async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await service.overview(actorOf(req)) };
    });

    app.post(
      '/api/user/security/link',
      { ...signedIn, config: limited, schema: { body: securityLinkSchema.and(securityLinkPath) } },
      async (req) => {
        const { message } = await service.mailLink(actorOf(req), req.body.password, req.body.path);
        return { message: renderMessage(message, req.locale) };
      },
    );

    // ---- Passkeys ------------------------------------------------------------------------
    app.post(
      '/api/user/passkeys/options',
      { ...signedIn, config: limited, schema: { body: passkeyOptionsSchema } },
      async (req, reply) => {
        reply.header('Cache-Control', 'no-store');
        return { data: await service.registrationOptions(actorOf(req), req.body.token) };
      },
    );
    app.post(
      '/api/user/passkeys',
      { ...signedIn, config: limited, schema: { body: passkeyAddSchema } },
      async (req, reply) => {
        const body = { ...req.body, response: req.body.response as unknown as RegistrationResponseJSON };
        return reply.status(201).send({ data: await service.addPasskey(actorOf(req), body, req.locale) });
      },
    );
    app.patch(
      '/api/user/passkeys/:id',
      { ...signedIn, schema: { params: idParamsSchema, body: passkeyRenameSchema } },
      async (req) => ({ data: await service.renamePasskey(actorOf(req), idOf(req.params.id), req.body.name) }),
    );
    app.delete(
      '/api/user/passkeys/:id',
      { ...signedIn, config: limited, schema: { params: idParamsSchema, body: passkeyRemoveSchema } },
      async (req, reply) => {
        await service.removePasskey(actorOf(req), idOf(req.params.id), req.body.token);
        return reply.status(204).send();
      },
    );

    // ---- Signing in with a passkey --------------------------------------------------------
    app.post('/api/user/login/passkey/options', { config: limited }, async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await service.signInOptions() };
    });
    app.post(
      '/api/user/login/passkey',
      { config: limited, schema: { body: passkeyLoginSchema.omit({ ticket: true }) } },
      async (req, reply) => {
        const userId = await service.signIn(req.body.response as unknown as AuthenticationResponseJSON);
        reply.header('Cache-Control', 'no-store');
        return auth.finishSignIn(userId, req.body.remember);
      },
    );
    app.post(
      '/api/user/login/two-factor/passkey/options',
      { config: limited, schema: { body: twoFactorPasskeySchema.pick({ challenge: true }) } },
      async (req, reply) => {
        reply.header('Cache-Control', 'no-store');
        return { data: await service.secondStepOptions(req.body.challenge) };
      },
    );
    app.post(
      '/api/user/login/two-factor/passkey',
      { config: limited, schema: { body: twoFactorPasskeySchema } },
      async (req, reply) => {
        const done = await service.secondStep(
          req.body.challenge,
          req.body.response as unknown as AuthenticationResponseJSON,
        );
        reply.header('Cache-Control', 'no-store');
        return auth.finishSignIn(done.userId, done.remember);
      },
    );

    // ---- Step-up for legal acts -------------------------------------------------------------
    app.post(
      '/api/user/step-up/options',
      { ...signedIn, config: limited, schema: { body: stepUpOptionsSchema } },
      async (req, reply) => {
        reply.header('Cache-Control', 'no-store');
        return { data: await service.stepUpOptions(actorOf(req), req.body.act) };
      },
    );
    app.post('/api/user/step-up', { ...signedIn, config: limited, schema: { body: stepUpSchema } }, async (req) => {
      const body = req.body;
      return service.stepUp(
        actorOf(req),
        'code' in body ? body : { response: body.response as unknown as AuthenticationResponseJSON },
      );
    });
  };
}
