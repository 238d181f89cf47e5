import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { actorOf, currentUser } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { profileService, statusChips } from './profile.service';
import { reviewsService } from '../registrations/reviews.service';
import { companyService } from '../company/company.service';

/** Only an explicit Accept-Language changes the stored mail language. */
const headerLocale = (req: FastifyRequest) => (req.headers['accept-language'] ? req.locale : undefined);

/** The signed-in account (declared in @hpbc/shared/contract/accounts). */
export function profileRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = profileService(deps);
    const reviews = reviewsService(deps);
    const company = companyService({ ...deps, log: app.log });

    // Current user, profile and status answer unverified accounts too: the verify screen needs them.
    const show = async (req: FastifyRequest) => service.show(currentUser(req), req.roles);
    route(app, 'GET /api/user', show);
    route(app, 'GET /api/user/profile', show);

    // The review's chips (reviews waiting, changes requested) follow the account's own.
    route(app, 'GET /api/user/status', async (req) => ({
      status: {
        ...statusChips(currentUser(req), req.roles, req.locale),
        ...(await reviews.chips(actorOf(req), req.locale)),
        // A company account also sees its new requests and this week's inspections.
        ...(await company.chips(currentUser(req), req.locale)),
      },
    }));

    route(app, 'POST /api/user/profile', async (req) =>
      service.update(actorOf(req), req.accessTokenId, req.body, headerLocale(req)),
    );
    route(app, 'PUT /api/user/profile', async (req) =>
      service.update(actorOf(req), req.accessTokenId, req.body, headerLocale(req)),
    );

    route(app, 'PUT /api/user/password', async (req) =>
      service.changePassword(actorOf(req), req.accessTokenId, req.body),
    );
    // Declared in @hpbc/shared/contract/workflow: the guard runs before the body is looked at.
    route(app, 'PUT /api/user/locale', async (req) => service.setLocale(actorOf(req), req.body.locale));
  };
}
