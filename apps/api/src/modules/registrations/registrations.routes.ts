import type { FastifyPluginAsync } from 'fastify';
import { REGISTRATION_RATE_LIMITS as LIMITS } from '@hpbc/shared/contract/work';
import type { ModuleDeps } from '../../module-deps';
import { knownId } from '../../lib/http-errors';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { sendPdfDownload } from '../../plugins/pdf-download';
import { registrationReviewService } from './registrations.review';
import { registrationsService } from './registrations.service';
import { registrationsCommitteeService } from './registrations.committee';
import { reviewsRoutes } from './reviews.routes';
import { legalActGate } from '../second-factor/legal-act-gate';

/** Per signed-in account (declared with the endpoints in @hpbc/shared/contract/work). */
export const REGISTRATION_RATE_LIMITS = LIMITS;

/** The :id of the path (read by idParamsSchema); 404 for anything but a whole number from 1. */
const idOf = (id: number | null) => knownId(id, 'registration_not_found');

/** Form One registrations (declared in @hpbc/shared/contract/work). */
export function registrationsRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = registrationsService(deps);
    const review = registrationReviewService(deps);
    const committee = registrationsCommitteeService(deps);
    const stepUp = legalActGate(deps);
    await app.register(reviewsRoutes(deps));

    route(app, 'POST /api/registrations', async (req) => ({ data: await service.create(actorOf(req), req.body) }));

    route(app, 'GET /api/registrations', async (req) => ({ data: await service.listMine(actorOf(req)) }));

    route(app, 'GET /api/registrations/:id', async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await service.get(actorOf(req), idOf(req.params.id)) };
    });

    route(app, 'PUT /api/registrations/:id/draft', async (req) => ({
      data: await service.saveDraft(actorOf(req), idOf(req.params.id), req.body),
    }));

    route(app, 'DELETE /api/registrations/:id', async (req) => {
      await service.remove(actorOf(req), idOf(req.params.id));
    });

    route(app, 'POST /api/registrations/:id/submit', async (req) => {
      const locale = req.locale;
      const { record, created } = await service.submit(actorOf(req), idOf(req.params.id), req.body, locale);
      return {
        data: record,
        created,
        message: locale === 'my' ? 'ပုံစံကို အောင်မြင်စွာ တင်သွင်းပြီးပါပြီ။' : 'Form submitted successfully!',
      };
    });

    route(app, 'GET /api/registrations/:id/pdf', async (req, reply) => {
      const locale = req.query.lang ?? req.locale;
      const { fileName, body } = await service.pdf(actorOf(req), idOf(req.params.id), locale);
      return sendPdfDownload(reply, body, fileName, 'made');
    });

    route(app, 'GET /api/admin/registrations', async (req) => {
      const q = req.query;
      return committee.list(actorOf(req), { page: q.page, perPage: q.per_page, status: q.status, search: q.search });
    });

    route(app, 'GET /api/admin/registrations.csv', async (req, reply) => {
      const body = await committee.csv(actorOf(req), { status: req.query.status, search: req.query.search });
      const day = deps.now().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="registrations-${day}.csv"`)
        .header('Cache-Control', 'private, no-store')
        .send(body);
    });

    route(app, 'GET /api/admin/registrations/:id/notes', async (req) => ({
      data: await committee.caseNotes(actorOf(req), idOf(req.params.id)),
    }));

    route(app, 'POST /api/admin/registrations/:id/notes', async (req, reply) => {
      const added = await committee.addCaseNote(actorOf(req), idOf(req.params.id), req.body.note);
      return reply.status(201).send({ data: added });
    });

    route(app, 'PATCH /api/admin/registrations/:id/status', async (req) => {
      const id = idOf(req.params.id);
      // Approving or rejecting is a legal act: a fresh second-factor proof (docs/decisions/075).
      await stepUp(actorOf(req), {
        kind: 'decision',
        registration_id: id,
        status: (req.body as { status?: unknown } | undefined)?.status,
      });
      await review.changeStatus(actorOf(req), id, req.body);
      return { data: await service.get(actorOf(req), id) };
    });
  };
}
