import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  messageCode,
  renderMessage,
  twoFactorChallengeSchema,
  twoFactorCodeSchema,
  twoFactorConfirmSchema,
  twoFactorSetupSchema,
  twoFactorEnrolConfirmSchema,
  twoFactorLoginSchema,
} from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { actorOf, requireVerified } from '../../plugins/auth';
import type { authService } from './auth.service';
import { twoFactorService } from './two-factor.service';

/** Per address, over all accounts; the per-account code limits are in the service (CODE_LIMITS). */
export const TWO_FACTOR_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;
const limited = {
  rateLimit: { ...TWO_FACTOR_RATE_LIMIT, keyGenerator: (req: FastifyRequest) => `two-factor:${req.ip}` },
};

/** Two-step sign-in (administrators, counterparts, company members; issue 26): the code step of the login, and enrolment (docs/api.md). */
export function twoFactorRoutes(deps: ModuleDeps, auth: ReturnType<typeof authService>): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const service = twoFactorService(deps);
    const codesMessage = (req: FastifyRequest) => renderMessage(messageCode('two_factor_codes_saved'), req.locale);

    app.post('/api/user/login/two-factor', { config: limited, schema: { body: twoFactorLoginSchema } }, async (req) => {
      const done = await service.verifySignIn(req.body);
      const answer = await auth.finishSignIn(done.userId, done.remember);
      return done.recoveryCodesLeft === undefined ? answer : { ...answer, recovery_codes_left: done.recoveryCodesLeft };
    });

    app.post(
      '/api/user/login/two-factor/setup',
      { config: limited, schema: { body: twoFactorChallengeSchema } },
      async (req, reply) => {
        reply.header('Cache-Control', 'no-store');
        return service.setupBySignIn(req.body.challenge, req.body.security, auth.emailOf);
      },
    );

    app.post(
      '/api/user/login/two-factor/confirm',
      { config: limited, schema: { body: twoFactorEnrolConfirmSchema } },
      async (req) => {
        const done = await service.confirmBySignIn(req.body.challenge, req.body.security, req.body.code);
        const answer = await auth.finishSignIn(done.userId, done.remember);
        return { ...answer, recovery_codes: done.recoveryCodes, message: codesMessage(req) };
      },
    );

    // Every verified account may set up an app (issue 26); the set-up needs the mailed link.
    app.get('/api/user/two-factor', { onRequest: requireVerified }, async (req) =>
      service.status(actorOf(req).user.id),
    );

    app.post(
      '/api/user/two-factor/setup',
      { onRequest: requireVerified, config: limited, schema: { body: twoFactorSetupSchema } },
      async (req, reply) => {
        const { user } = actorOf(req);
        reply.header('Cache-Control', 'no-store');
        return service.beginSetupWithLink({ id: user.id, email: user.email }, req.body.security);
      },
    );

    app.post(
      '/api/user/two-factor/confirm',
      { onRequest: requireVerified, config: limited, schema: { body: twoFactorConfirmSchema } },
      async (req, reply) => {
        reply.header('Cache-Control', 'no-store');
        return {
          recovery_codes: await service.confirmSetupWithLink(actorOf(req).user.id, req.body.security, req.body.code),
          message: codesMessage(req),
        };
      },
    );

    app.post(
      '/api/user/two-factor/recovery-codes',
      { onRequest: requireVerified, config: limited, schema: { body: twoFactorCodeSchema } },
      async (req) => ({
        recovery_codes: await service.regenerateRecoveryCodes(actorOf(req).user.id, req.body.code),
        message: codesMessage(req),
      }),
    );
  };
}
