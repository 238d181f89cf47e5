import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { knownId } from '../../lib/http-errors';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { clocksService } from './clocks.service';

const idOf = (id: number | null) => knownId(id, 'registration_not_found');

/** Working-day clocks, holidays, targets and extensions (declared in @hpbc/shared/contract/clocks). */
export function clocksRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = clocksService(deps);

    route(app, 'GET /api/clocks', async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await service.clocks(actorOf(req), req.query.ids) };
    });

    route(app, 'GET /api/registrations/:id/clock', async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await service.clock(actorOf(req), idOf(req.params.id)) };
    });

    route(app, 'POST /api/registrations/:id/extensions', async (req) => ({
      data: await service.requestExtension(actorOf(req), idOf(req.params.id), req.body),
    }));

    route(app, 'PATCH /api/admin/extensions/:id', async (req) => ({
      data: await service.decideExtension(actorOf(req), knownId(req.params.id), req.body),
    }));

    route(app, 'GET /api/admin/holidays', async (req) => ({
      data: await service.holidays(actorOf(req), req.query.year),
    }));

    route(app, 'PUT /api/admin/holidays/:date', async (req, reply) => {
      const { holiday, created } = await service.putHoliday(actorOf(req), { date: req.params.date, ...req.body });
      return reply.status(created ? 201 : 200).send({ data: holiday });
    });

    route(app, 'DELETE /api/admin/holidays/:date', async (req, reply) => {
      await service.deleteHoliday(actorOf(req), req.params.date);
      return reply.status(204).send();
    });

    route(app, 'GET /api/admin/clock-targets', async (req) => ({ data: await service.targets(actorOf(req)) }));

    route(app, 'PUT /api/admin/clock-targets/:step', async (req) => ({
      data: await service.setTarget(actorOf(req), req.params.step, req.body),
    }));
  };
}
