import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { STATISTICS_CSV_COLUMNS } from '@hpbc/shared/statistics';
import type { ModuleDeps } from '../../module-deps';
import { toCsv } from '../../lib/csv';
import { route } from '../../plugins/route';
import { transparencyService } from './transparency.service';

/** Revalidated on every use; open to any site by their declarations (`openToAll`, docs/decisions/085). */
function openToAll(reply: FastifyReply): void {
  reply.header('Cache-Control', 'no-cache');
}

/** The public statistics and the decision log anyone can check (declared in @hpbc/shared/contract/transparency). */
export function transparencyRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = transparencyService(deps);

    route(app, 'GET /api/statistics', async (_req, reply) => {
      openToAll(reply);
      return { data: await service.statistics() };
    });

    route(app, 'GET /api/statistics.csv', async (_req, reply) => {
      const stats = await service.statistics();
      openToAll(reply);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8; header=present')
        .header('Content-Disposition', 'attachment; filename="hpbc-statistics.csv"')
        .send(toCsv(STATISTICS_CSV_COLUMNS, stats.per_month as unknown as Record<string, unknown>[]));
    });

    route(app, 'GET /api/open-data/decisions.json', async (_req, reply) => {
      openToAll(reply);
      return { data: await service.decisions() };
    });
  };
}
