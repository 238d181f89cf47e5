import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { passwordChangeSchema, profileUpdateSchema } from '@hpbc/shared';
import { route } from '../../plugins/route';
import type { ModuleDeps } from '../../module-deps';
import { actorOf, currentUser, requireUser, requireVerified } from '../../plugins/auth';
import { profileService, statusChips } from './profile.service';
import { reviewsService } from '../registrations/reviews.service';
import { companyService } from '../company/company.service';

export const PASSWORD_CHANGE_LIMIT = { max: 10, timeWindow: 15 * 60_000 };

/** Only an explicit Accept-Language changes the stored mail language. */
const headerLocale = (req: FastifyRequest) => (req.headers['accept-language'] ? req.locale : undefined);

export function profileRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const service = profileService(deps);
    const reviews = reviewsService(deps);
    const company = companyService({ ...deps, log: root.log });

    // Current user, profile and status answer unverified accounts too: the verify screen needs them.
    const show = async (req: FastifyRequest) => service.show(currentUser(req), req.roles);
    app.get('/api/user', { onRequest: requireUser }, show);
    app.get('/api/user/profile', { onRequest: requireUser }, show);

    // The review's chips (reviews waiting, changes requested) follow the account's own.
    app.get('/api/user/status', { onRequest: requireUser }, async (req) => ({
      status: {
        ...statusChips(currentUser(req), req.roles, req.locale),
        ...(await reviews.chips(actorOf(req), req.locale)),
        // A company account also sees its new requests and this week's inspections.
        ...(await company.chips(currentUser(req), req.locale)),
      },
    }));

    for (const method of ['POST', 'PUT'] as const) {
      app.route({
        method,
        url: '/api/user/profile',
        onRequest: requireUser,
        schema: { body: profileUpdateSchema },
        handler: async (req) => service.update(actorOf(req), req.accessTokenId, req.body, headerLocale(req)),
      });
    }

    // Declared in @hpbc/shared/contract/workflow: the guard runs before the body is looked at.
    route(app, 'PUT /api/user/locale', async (req) => service.setLocale(actorOf(req), req.body.locale));

    app.put(
      '/api/user/password',
      {
        onRequest: requireVerified,
        config: { rateLimit: { ...PASSWORD_CHANGE_LIMIT, keyGenerator: (req) => `password:${req.ip}` } },
        schema: { body: passwordChangeSchema },
      },
      async (req) => service.changePassword(actorOf(req), req.accessTokenId, req.body),
    );
  };
}
