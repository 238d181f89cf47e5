import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { auditService } from './audit.service';

/** The audit log, read-only: there is no route that changes or removes an entry. */
export function auditRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = auditService(deps);

    route(app, 'GET /api/admin/audit-log', async (req) => service.list(actorOf(req), req.query));

    route(app, 'GET /api/admin/audit-log.csv', async (req, reply) => {
      const day = deps.now().toISOString().slice(0, 10);
      const lines = service.csv(actorOf(req), req.query);
      // The first line is taken before answering, so a refusal is still a JSON error.
      const first = await lines.next();
      async function* rest() {
        if (!first.done) yield first.value;
        yield* lines;
      }
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="audit-log-${day}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(Readable.from(rest()));
    });
  };
}
