import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  adminEietQuerySchema,
  adminPileQuerySchema,
  adminProjectQuerySchema,
  eietCompanyInputSchema,
  idParamsSchema,
  pileCompanyInputSchema,
  projectInputSchema,
} from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { actorOf, requireAdmin } from '../../plugins/auth';
import { EIET_SPEC, PILE_SPEC, PROJECT_SPEC, type RegisterSpec } from './public-data.repository';
import { publicDataService } from './public-data.service';
import { recommendationTreeRoutes } from './recommendation-tree.routes';

type AnySchema = z.ZodType<Record<string, unknown>>;

const REGISTERS: { path: string; spec: RegisterSpec; query: z.ZodType; body: AnySchema }[] = [
  { path: '/api/admin/projects', spec: PROJECT_SPEC, query: adminProjectQuerySchema, body: projectInputSchema },
  {
    path: '/api/admin/eiet-companies',
    spec: EIET_SPEC,
    query: adminEietQuerySchema,
    body: eietCompanyInputSchema as unknown as AnySchema,
  },
  {
    path: '/api/admin/pile-companies',
    spec: PILE_SPEC,
    query: adminPileQuerySchema,
    body: pileCompanyInputSchema as unknown as AnySchema,
  },
];

/**
 * The committee's editing of the public registers (issue 16). Each register answers the
 * same calls: a paged, sorted, searchable list; one row; create; replace; retire; restore.
 */
export function publicDataRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    for (const { path, spec, query, body } of REGISTERS) {
      const service = publicDataService(deps, spec);
      app.get(path, { onRequest: requireAdmin, schema: { querystring: query } }, async (req) =>
        service.list(actorOf(req), req.query as Parameters<typeof service.list>[1]),
      );
      app.post(path, { onRequest: requireAdmin, schema: { body } }, async (req, reply) =>
        reply.status(201).send({ data: await service.create(actorOf(req), req.body) }),
      );
      app.get(`${path}/:id`, { onRequest: requireAdmin, schema: { params: idParamsSchema } }, async (req) => ({
        data: await service.get(actorOf(req), req.params.id),
      }));
      app.put(`${path}/:id`, { onRequest: requireAdmin, schema: { params: idParamsSchema, body } }, async (req) => ({
        data: await service.update(actorOf(req), req.params.id, req.body),
      }));
      app.post(`${path}/:id/retire`, { onRequest: requireAdmin, schema: { params: idParamsSchema } }, async (req) => ({
        data: await service.setRetired(actorOf(req), req.params.id, true),
      }));
      app.post(`${path}/:id/restore`, { onRequest: requireAdmin, schema: { params: idParamsSchema } }, async (req) => ({
        data: await service.setRetired(actorOf(req), req.params.id, false),
      }));
    }
    await app.register(recommendationTreeRoutes(deps));
  };
}
