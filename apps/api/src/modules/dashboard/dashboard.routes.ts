import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { actorOf, requireAdmin } from '../../plugins/auth';
import { dashboardService } from './dashboard.service';

export function dashboardRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = dashboardService(deps);
    app.get('/api/admin/dashboard', { onRequest: requireAdmin }, async (req) => ({
      data: await service.get(actorOf(req)),
    }));
  };
}
