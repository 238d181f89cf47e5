import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { uploadsRoutes } from './uploads.routes';

/** Design documents (docs/api.md "Design documents, construction and transparency"): uploads, documents, approved copies. */
export function documentsRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(uploadsRoutes(deps));
  };
}
