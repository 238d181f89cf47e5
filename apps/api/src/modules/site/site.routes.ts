import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { route } from '../../plugins/route';

/** GET /api/v1/site/contact: the committee's contact details from the settings (CONTACT_*). */
export function siteRoutes({ config }: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, 'GET /api/v1/site/contact', async (_req, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return { status: 'success' as const, contact: config.contact };
    });
  };
}
