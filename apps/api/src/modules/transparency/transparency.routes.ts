import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { STATISTICS_CSV_COLUMNS } from '@hpbc/shared/statistics';
import type { ModuleDeps } from '../../module-deps';
import { toCsv } from '../../lib/csv';
import { transparencyService } from './transparency.service';

/** Open to any site: these are public records (docs/api.md, "Transparency"). */
function openToAll(reply: FastifyReply): FastifyReply {
  return reply
    .header('Access-Control-Allow-Origin', '*')
    .header('Cross-Origin-Resource-Policy', 'cross-origin')
    .header('Cache-Control', 'no-cache');
}

/** The public statistics and the decision log anyone can check. */
export function transparencyRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = transparencyService(deps);

    app.get(
      '/api/statistics',
      {
        schema: {
          summary: 'Registrations, decisions and inspections per month, last 12 months (Myanmar working days).',
        },
      },
      async (_req, reply) => openToAll(reply).send({ data: await service.statistics() }),
    );

    app.get(
      '/api/statistics.csv',
      {
        schema: {
          summary: 'The monthly figures of GET /api/statistics as CSV (RFC 4180, UTF-8 with a byte-order mark).',
        },
      },
      async (_req, reply) => {
        const stats = await service.statistics();
        return openToAll(reply)
          .header('Content-Type', 'text/csv; charset=utf-8; header=present')
          .header('Content-Disposition', 'attachment; filename="hpbc-statistics.csv"')
          .send(toCsv(STATISTICS_CSV_COLUMNS, stats.per_month as unknown as Record<string, unknown>[]));
      },
    );

    app.get(
      '/api/open-data/decisions.json',
      { schema: { summary: 'Every decision as a hash chain, oldest first (docs/api.md, "Transparency").' } },
      async (_req, reply) => openToAll(reply).send({ data: await service.decisions() }),
    );
  };
}
