import type { FastifyPluginAsync } from 'fastify';
import { messageCode } from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { notFound } from '../../lib/http-errors';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { concernsService } from './concerns.service';

const RECEIVED = {
  en: 'Thank you. The committee has received your concern and will answer it.',
  my: 'ကျေးဇူးတင်ပါသည်။ ကော်မတီသည် သင်၏ စိုးရိမ်ချက်ကို လက်ခံရရှိပြီး ဖြေကြားပါမည်။',
} as const;

/** The site signboard and the public's concerns (declared in @hpbc/shared/contract/concerns). */
export function concernsRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = concernsService(deps);

    route(app, 'GET /api/registrations/:id/signboard.pdf', async (req, reply) => {
      if (req.params.id === null) throw notFound(messageCode('registration_not_found'));
      const { pdf, reference } = await service.signboard(actorOf(req), req.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          `attachment; filename="signboard-${reference.replace(/[^A-Za-z0-9-]/g, '_')}.pdf"`,
        )
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    });

    route(app, 'GET /api/verify/:reference/concerns', async (req) => ({
      data: await service.published(req.params.reference),
    }));

    route(app, 'POST /api/verify/:reference/concerns', async (req, reply) => {
      deps.csrf.verify(req);
      const created = await service.raise(req.params.reference, req.body, req.locale);
      return reply.status(201).send({
        data: { id: created.id, received_at: created.receivedAt.toISOString(), message: RECEIVED[req.locale] },
      });
    });

    route(app, 'GET /api/admin/concerns', async (req) =>
      service.queue(actorOf(req), req.query.page ?? 1, req.query.open === '1'),
    );

    route(app, 'POST /api/admin/concerns/:id/answer', async (req) => {
      if (req.params.id === null) throw notFound(messageCode('concern_not_found'));
      return { data: await service.answer(actorOf(req), req.params.id, req.body) };
    });
  };
}
