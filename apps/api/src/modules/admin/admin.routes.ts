import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminUserListQuerySchema, adminUserUpdateSchema, idParamsSchema } from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { actorOf, requireAdmin } from '../../plugins/auth';
import { adminService } from './admin.service';

export function adminRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const service = adminService(deps);

    app.get(
      '/api/admin/users',
      { onRequest: requireAdmin, schema: { querystring: adminUserListQuerySchema } },
      async (req) => service.listUsers(req.query),
    );

    app.patch(
      '/api/admin/users/:id',
      { onRequest: requireAdmin, schema: { params: idParamsSchema, body: adminUserUpdateSchema } },
      async (req) => service.updateUser(actorOf(req), req.params.id, req.body),
    );
  };
}
