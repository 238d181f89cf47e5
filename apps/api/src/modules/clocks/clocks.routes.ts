import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, messageCode } from '@hpbc/shared';
import {
  clockIdsQuerySchema,
  clockStepParamsSchema,
  clockTargetSchema,
  extensionDecisionSchema,
  extensionRequestSchema,
  holidayDateParamsSchema,
  holidayListQuerySchema,
  holidaySchema,
} from '@hpbc/shared/working-days';
import type { ModuleDeps } from '../../module-deps';
import { notFound } from '../../lib/http-errors';
import { actorOf, requireAdmin, requireVerified } from '../../plugins/auth';
import { clocksService } from './clocks.service';

const idOf = (id: number | null) => {
  if (id === null) throw notFound(messageCode('registration_not_found'));
  return id;
};
const holidayBody = holidaySchema.omit({ date: true });

/** Working-day clocks, holidays, targets and extensions (docs/api.md, "Working-day clocks"). */
export function clocksRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const service = clocksService(deps);

    app.get(
      '/api/clocks',
      { onRequest: requireVerified, schema: { querystring: clockIdsQuerySchema } },
      async (req, reply) => {
        reply.header('Cache-Control', 'no-store');
        return { data: await service.clocks(actorOf(req), req.query.ids) };
      },
    );

    app.get(
      '/api/registrations/:id/clock',
      { onRequest: requireVerified, schema: { params: idParamsSchema } },
      async (req, reply) => {
        reply.header('Cache-Control', 'no-store');
        return { data: await service.clock(actorOf(req), idOf(req.params.id)) };
      },
    );

    app.post(
      '/api/registrations/:id/extensions',
      { onRequest: requireVerified, schema: { params: idParamsSchema, body: extensionRequestSchema } },
      async (req, reply) =>
        reply.status(201).send({ data: await service.requestExtension(actorOf(req), idOf(req.params.id), req.body) }),
    );

    app.patch(
      '/api/admin/extensions/:id',
      { onRequest: requireAdmin, schema: { params: idParamsSchema, body: extensionDecisionSchema } },
      async (req) => {
        if (req.params.id === null) throw notFound();
        return { data: await service.decideExtension(actorOf(req), req.params.id, req.body) };
      },
    );

    app.get(
      '/api/admin/holidays',
      { onRequest: requireAdmin, schema: { querystring: holidayListQuerySchema } },
      async (req) => ({ data: await service.holidays(actorOf(req), req.query.year) }),
    );

    app.put(
      '/api/admin/holidays/:date',
      { onRequest: requireAdmin, schema: { params: holidayDateParamsSchema, body: holidayBody } },
      async (req, reply) => {
        const { holiday, created } = await service.putHoliday(actorOf(req), { date: req.params.date, ...req.body });
        return reply.status(created ? 201 : 200).send({ data: holiday });
      },
    );

    app.delete(
      '/api/admin/holidays/:date',
      { onRequest: requireAdmin, schema: { params: holidayDateParamsSchema } },
      async (req, reply) => {
        await service.deleteHoliday(actorOf(req), req.params.date);
        return reply.status(204).send();
      },
    );

    app.get('/api/admin/clock-targets', { onRequest: requireAdmin }, async (req) => ({
      data: await service.targets(actorOf(req)),
    }));

    app.put(
      '/api/admin/clock-targets/:step',
      { onRequest: requireAdmin, schema: { params: clockStepParamsSchema, body: clockTargetSchema } },
      async (req) => ({ data: await service.setTarget(actorOf(req), req.params.step, req.body) }),
    );
  };
}
