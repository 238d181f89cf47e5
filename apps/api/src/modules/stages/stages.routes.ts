import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { knownId } from '../../lib/http-errors';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { stagesService } from './stages.service';

/** Construction stages (declared in @hpbc/shared/contract/stages). */
export function stagesRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = stagesService(deps);

    route(app, 'POST /api/registrations/:id/stage-notices', async (req, reply) => {
      const id = knownId(req.params.id, 'registration_not_found');
      const notice = await service.report(actorOf(req), id, req.body, req.locale);
      return reply.status(201).send({ data: notice });
    });
  };
}
