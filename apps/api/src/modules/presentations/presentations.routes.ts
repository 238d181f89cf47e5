import type { FastifyPluginAsync } from 'fastify';
import { messageCode } from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { notFound } from '../../lib/http-errors';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { presentationsService } from './presentations.service';

const idOf = (id: number | null, code: 'registration_not_found' | 'presentation_not_found') => {
  if (id === null) throw notFound(messageCode(code));
  return id;
};

/** The designer's presentation (declared in @hpbc/shared/contract/presentations). */
export function presentationsRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = presentationsService(deps);

    route(app, 'POST /api/admin/registrations/:id/presentations', async (req) => ({
      data: await service.schedule(actorOf(req), idOf(req.params.id, 'registration_not_found'), req.body),
    }));

    route(app, 'POST /api/presentations/:id/answer', async (req) => ({
      data: await service.answer(actorOf(req), idOf(req.params.id, 'presentation_not_found'), req.body),
    }));

    route(app, 'PATCH /api/admin/presentations/:id', async (req) => ({
      data: await service.minutes(actorOf(req), idOf(req.params.id, 'presentation_not_found'), req.body),
    }));
  };
}
