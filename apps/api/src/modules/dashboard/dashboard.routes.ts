import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { dashboardService } from './dashboard.service';

export function dashboardRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = dashboardService(deps);
    route(app, 'GET /api/admin/dashboard', async (req) => ({ data: await service.get(actorOf(req)) }));
  };
}
