import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { JSON_TYPE } from '../../lib/prepared-answer';
import { route } from '../../plugins/route';
import { libraryService } from './library.service';

/** URLs whose validated query is kept for the fast path, the least recently asked dropped first. */
const KEPT_URLS = 1000;
/** Longer URLs (padded with parameters the schema drops) always go through Fastify: at most ~1 MiB kept. */
const KEPT_URL_LENGTH = 1024;

/** The answer's own headers, on both ways of answering. */
const SEARCH_HEADERS: [string, string][] = [
  ['cache-control', 'no-cache'],
  ['content-type', JSON_TYPE],
];

type SearchQuery = { q: string; document_id?: number | undefined };

export function libraryRoutes({ database }: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = libraryService(database);
    // The service keeps each query's hits until the library changes; their JSON is kept with
    // them (serialising 6 KiB per request was the largest cost of a repeated search).
    const bodies = new WeakMap<object, Buffer>();
    // Each URL Fastify has answered 200, with the query it validated from it: the same URL
    // always validates to the same query (docs/decisions/061).
    const queries = new Map<string, SearchQuery>();

    // A repeated search is answered before Fastify when its URL was answered here before and
    // its hits are still kept: counted under this route's limit in the same store, with the
    // same headers and bytes (lib/prepared-fast-path.ts, docs/decisions/061).
    const queried = {
      body(url: string) {
        const query = queries.get(url);
        if (!query) return undefined;
        queries.delete(url);
        queries.set(url, query);
        const data = service.kept(query.q, query.document_id);
        return data && bodies.get(data);
      },
      headers: SEARCH_HEADERS,
    };

    route(
      app,
      'GET /api/library/search',
      async (req, reply) => {
        const { q, document_id } = req.query;
        const data = await service.search(q, document_id);
        let body = bodies.get(data);
        if (!body) bodies.set(data, (body = Buffer.from(JSON.stringify({ data }))));
        if (req.method === 'GET' && req.url.length <= KEPT_URL_LENGTH) {
          queries.delete(req.url);
          queries.set(req.url, { q, document_id });
          if (queries.size > KEPT_URLS) queries.delete(queries.keys().next().value!);
        }
        for (const [name, value] of SEARCH_HEADERS) reply.header(name, value);
        return reply.send(body);
      },
      { queried },
    );
  };
}
