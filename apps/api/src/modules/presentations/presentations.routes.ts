import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { knownId } from '../../lib/http-errors';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { presentationsService } from './presentations.service';

/** The designer's presentation (declared in @hpbc/shared/contract/presentations). */
export function presentationsRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = presentationsService(deps);

    route(app, 'POST /api/admin/registrations/:id/presentations', async (req) => ({
      data: await service.schedule(actorOf(req), knownId(req.params.id, 'registration_not_found'), req.body),
    }));

    route(app, 'POST /api/presentations/:id/answer', async (req) => ({
      data: await service.answer(actorOf(req), knownId(req.params.id, 'presentation_not_found'), req.body),
    }));

    route(app, 'PATCH /api/admin/presentations/:id', async (req) => ({
      data: await service.minutes(actorOf(req), knownId(req.params.id, 'presentation_not_found'), req.body),
    }));
  };
}
