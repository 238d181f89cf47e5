import type { FastifyPluginAsync } from 'fastify';
import { messageCode } from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { notFound } from '../../lib/http-errors';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { stagesService } from './stages.service';

/** Construction stages (declared in @hpbc/shared/contract/stages). */
export function stagesRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = stagesService(deps);

    route(app, 'POST /api/registrations/:id/stage-notices', async (req, reply) => {
      if (req.params.id === null) throw notFound(messageCode('registration_not_found'));
      const notice = await service.report(actorOf(req), req.params.id, req.body, req.locale);
      return reply.status(201).send({ data: notice });
    });
  };
}
