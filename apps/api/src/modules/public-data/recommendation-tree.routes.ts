import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  recommendationLevelParamsSchema,
  recommendationNodeParamsSchema,
  recommendationNodeSchema,
} from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { actorOf, requireAdmin } from '../../plugins/auth';
import { recommendationTreeService } from './recommendation-tree.service';

/** The recommendation tree's editor: read the tree, add, change or delete a node of a level. */
export function recommendationTreeRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const service = recommendationTreeService(deps);

    app.get('/api/admin/recommendations', { onRequest: requireAdmin }, async (req) => ({
      data: await service.tree(actorOf(req)),
    }));
    app.post(
      '/api/admin/recommendations/:level',
      { onRequest: requireAdmin, schema: { params: recommendationLevelParamsSchema, body: recommendationNodeSchema } },
      async (req, reply) =>
        reply.status(201).send({ data: await service.create(actorOf(req), req.params.level, req.body) }),
    );
    app.put(
      '/api/admin/recommendations/:level/:id',
      { onRequest: requireAdmin, schema: { params: recommendationNodeParamsSchema, body: recommendationNodeSchema } },
      async (req) => ({ data: await service.update(actorOf(req), req.params.level, req.params.id, req.body) }),
    );
    app.delete(
      '/api/admin/recommendations/:level/:id',
      { onRequest: requireAdmin, schema: { params: recommendationNodeParamsSchema } },
      async (req, reply) => {
        await service.remove(actorOf(req), req.params.level, req.params.id);
        return reply.status(204).send();
      },
    );
  };
}
