import type { FastifyPluginAsync } from 'fastify';
import { AUTH_RATE_LIMITS } from '@hpbc/shared/contract/accounts';
import type { ModuleDeps } from '../../module-deps';
import { readCookie } from '../../plugins/csrf';
import { route } from '../../plugins/route';
import { deviceCookieHeader, deviceCookieName } from './device-cookie';
import { authService } from './auth.service';
import { twoFactorRoutes } from './two-factor.routes';
import { secondFactorRoutes } from '../second-factor/second-factor.routes';

/** Per-IP limits of @fastify/rate-limit (declared with the endpoints); the per-address login limits live in the service. */
export const RATE_LIMITS = AUTH_RATE_LIMITS;

/** Registration and sign-in (declared in @hpbc/shared/contract/accounts). */
export function authRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = authService(deps);

    route(app, 'POST /api/user/register', async (req) => service.register(req.body, req.locale));
    // A device that has signed in before keeps its own slots while an attack takes the account's (decision 067).
    const secureCookies = deps.config.appUrl.startsWith('https://');
    route(app, 'POST /api/user/login', async (req, reply) => {
      const device = readCookie(req, deviceCookieName(secureCookies));
      const { answer, deviceCookie } = await service.login(req.body, req.ip, req.locale, device);
      if (deviceCookie) reply.header('Set-Cookie', deviceCookieHeader(deviceCookie, secureCookies));
      return answer;
    });

    await app.register(twoFactorRoutes(deps, service));
    await app.register(secondFactorRoutes(deps, service));

    route(app, 'POST /api/user/logout', async (req) => service.logout(req.accessTokenId!));
    route(app, 'POST /api/user/email/verification/resend', async (req) => service.resendVerification(req.body.email));
    route(app, 'GET /api/user/email/verify/:id/:hash', async (req) =>
      service.verifyEmail({ ...req.params, ...req.query }),
    );
    route(app, 'POST /api/user/forgot-password', async (req) => service.forgotPassword(req.body.email));
    route(app, 'POST /api/user/reset-password', async (req) => service.resetPassword(req.body));
  };
}
