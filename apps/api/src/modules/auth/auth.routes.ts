import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resendVerificationSchema,
  resetPasswordSchema,
} from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { requireUser } from '../../plugins/auth';
import { authService } from './auth.service';
import { twoFactorRoutes } from './two-factor.routes';
import { secondFactorRoutes } from '../second-factor/second-factor.routes';

/** Per-IP limits of @fastify/rate-limit; the per-address login limits live in the service (they need the database). */
export const RATE_LIMITS = {
  login: { max: 30, timeWindow: 60_000 },
  register: { max: 10, timeWindow: 10 * 60_000 },
  resend: { max: 6, timeWindow: 60_000 },
  forgot: { max: 6, timeWindow: 60_000 },
  reset: { max: 10, timeWindow: 60_000 },
} as const;

const limit = (name: keyof typeof RATE_LIMITS) => ({
  rateLimit: { ...RATE_LIMITS[name], keyGenerator: (req: FastifyRequest) => `${name}:${req.ip}` },
});

export function authRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const service = authService(deps);

    app.post(
      '/api/user/register',
      { config: limit('register'), schema: { body: registerSchema } },
      async (req, reply) => {
        const result = await service.register(req.body, req.locale);
        return reply.status(201).send(result);
      },
    );

    app.post('/api/user/login', { config: limit('login'), schema: { body: loginSchema } }, async (req) =>
      service.login(req.body, req.ip, req.locale),
    );

    await root.register(twoFactorRoutes(deps, service));
    await root.register(secondFactorRoutes(deps, service));

    app.post('/api/user/logout', { onRequest: requireUser }, async (req) => service.logout(req.accessTokenId!));

    app.post(
      '/api/user/email/verification/resend',
      { config: limit('resend'), schema: { body: resendVerificationSchema } },
      async (req) => service.resendVerification(req.body.email),
    );

    app.get(
      '/api/user/email/verify/:id/:hash',
      {
        schema: {
          params: z.object({ id: z.string(), hash: z.string() }),
          // A repeated or odd parameter is only a bad link (403), never a 422.
          querystring: z.object({
            expires: z.string().optional().catch(undefined),
            signature: z.string().optional().catch(undefined),
          }),
        },
      },
      async (req) => service.verifyEmail({ ...req.params, ...req.query }),
    );

    app.post(
      '/api/user/forgot-password',
      { config: limit('forgot'), schema: { body: forgotPasswordSchema } },
      async (req) => service.forgotPassword(req.body.email),
    );

    app.post(
      '/api/user/reset-password',
      { config: limit('reset'), schema: { body: resetPasswordSchema } },
      async (req) => service.resetPassword(req.body),
    );
  };
}
