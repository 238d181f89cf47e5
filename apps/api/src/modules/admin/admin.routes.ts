import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { adminService } from './admin.service';

/** The administrators' user table (declared in @hpbc/shared/contract/accounts). */
export function adminRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = adminService(deps);
    route(app, 'GET /api/admin/users', async (req) => service.listUsers(req.query));
    route(app, 'PATCH /api/admin/users/:id', async (req) => service.updateUser(actorOf(req), req.params.id, req.body));
  };
}
