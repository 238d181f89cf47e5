import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { noticesService } from './notices.service';

/** In-app notices and mail choices (declared in @hpbc/shared/contract/notices). */
export function noticesRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = noticesService(deps);

    route(app, 'GET /api/notices', async (req) =>
      service.list(actorOf(req), req.query.page ?? 1, req.query.unread === '1'),
    );
    route(app, 'GET /api/notices/unread-count', async (req) => ({
      data: { unread: await service.unread(actorOf(req)) },
    }));
    route(app, 'POST /api/notices/read-all', async (req) => ({
      data: { unread: await service.markAllRead(actorOf(req)) },
    }));
    route(app, 'POST /api/notices/:id/read', async (req) => ({
      data: await service.markRead(actorOf(req), req.params.id),
    }));
    route(app, 'GET /api/user/mail-preferences', async (req) => ({ data: await service.preferences(actorOf(req)) }));
    route(app, 'PUT /api/user/mail-preferences', async (req) => ({
      data: await service.setPreferences(actorOf(req), req.body),
    }));
  };
}
