import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LibrarySearchQuerySchema } from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { libraryService } from './library.service';

export function libraryRoutes({ database }: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = libraryService(database);
    // The service keeps each query's hits until the library changes; their JSON is kept with
    // them (serialising 6 KiB per request was the largest cost of a repeated search).
    const bodies = new WeakMap<object, Buffer>();
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/library/search',
      {
        schema: { querystring: LibrarySearchQuerySchema },
        // Each search scans page text; a generous per-address limit keeps one client from hogging it.
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      },
      async (req, reply) => {
        const data = await service.search(req.query.q, req.query.document_id);
        let body = bodies.get(data);
        if (!body) bodies.set(data, (body = Buffer.from(JSON.stringify({ data }))));
        reply.header('Cache-Control', 'no-cache');
        return reply.type('application/json; charset=utf-8').send(body);
      },
    );
  };
}
