import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';

/** GET /api/v1/site/contact: the committee's contact details from the settings (CONTACT_*). */
export function siteRoutes({ config }: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/api/v1/site/contact', async (_req, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return { status: 'success', contact: config.contact };
    });
  };
}
