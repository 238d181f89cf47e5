import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { recommendationTreeService } from './recommendation-tree.service';

/** The recommendation tree's editor: read the tree, add, change or delete a node of a level. */
export function recommendationTreeRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = recommendationTreeService(deps);

    route(app, 'GET /api/admin/recommendations', async (req) => ({ data: await service.tree(actorOf(req)) }));
    route(app, 'POST /api/admin/recommendations/:level', async (req) => ({
      data: await service.create(actorOf(req), req.params.level, req.body),
    }));
    route(app, 'PUT /api/admin/recommendations/:level/:id', async (req) => ({
      data: await service.update(actorOf(req), req.params.level, req.params.id, req.body),
    }));
    route(app, 'DELETE /api/admin/recommendations/:level/:id', async (req) => {
      await service.remove(actorOf(req), req.params.level, req.params.id);
    });
  };
}
