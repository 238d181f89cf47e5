import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParamsSchema, lenientPageQuery, messageCode, type Locale } from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { notFound } from '../../lib/http-errors';
import { actorOf, requireAdmin, requireVerified } from '../../plugins/auth';
import { registrationReviewService } from './registrations.review';
import { registrationsService } from './registrations.service';
import { reviewsRoutes } from './reviews.routes';
import { legalActGate } from '../second-factor/legal-act-gate';

/** Per signed-in account (checked after the token is known), so one office behind one address is not penalised. */
export const REGISTRATION_RATE_LIMITS = {
  create: { max: 20, timeWindow: 60_000 },
  // Autosave runs about once a second while someone types; this leaves room for two tabs.
  save: { max: 180, timeWindow: 60_000 },
  submit: { max: 10, timeWindow: 60_000 },
  pdf: { max: 30, timeWindow: 60_000 },
} as const;

const limit = (name: keyof typeof REGISTRATION_RATE_LIMITS) => ({
  rateLimit: {
    ...REGISTRATION_RATE_LIMITS[name],
    hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) => `registrations-${name}:${req.user?.id ?? req.ip}`,
  },
});

/** The :id of the path (read by idParamsSchema); 404 for anything but a whole number from 1. */
function idParam(req: FastifyRequest): number {
  const { id } = req.params as z.output<typeof idParamsSchema>;
  if (id === null) throw notFound(messageCode('registration_not_found'));
  return id;
}
const params = idParamsSchema;

/** ?lang=my picks the PDF's language (a download link carries no headers); else Accept-Language. */
const pdfQuery = z.object({ lang: z.enum(['en', 'my']).optional().catch(undefined) });
function localeOf(req: FastifyRequest): Locale {
  return (req.query as z.output<typeof pdfQuery>).lang ?? req.locale;
}

/** The administrators' list: page and page size fall back to defaults; a status filter is free text. */
const adminListQuery = z.object({
  ...lenientPageQuery(25, 100),
  status: z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'string' && v.length <= 40 && v ? v : undefined)),
});

/** Form One registrations (docs/api.md, "Form One registrations"). */
export function registrationsRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = registrationsService(deps);
    const review = registrationReviewService(deps);
    const stepUp = legalActGate(deps);
    await app.register(reviewsRoutes(deps));

    app.post('/api/registrations', { onRequest: requireVerified, config: limit('create') }, async (req, reply) => {
      const record = await service.create(actorOf(req), req.body);
      return reply.status(201).send({ data: record });
    });

    app.get('/api/registrations', { onRequest: requireVerified }, async (req) => ({
      data: await service.listMine(actorOf(req)),
    }));

    app.get('/api/registrations/:id', { onRequest: requireVerified, schema: { params } }, async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await service.get(actorOf(req), idParam(req)) };
    });

    app.put(
      '/api/registrations/:id/draft',
      { onRequest: requireVerified, schema: { params }, config: limit('save') },
      async (req) => ({
        data: await service.saveDraft(actorOf(req), idParam(req), req.body),
      }),
    );

    app.delete('/api/registrations/:id', { onRequest: requireVerified, schema: { params } }, async (req, reply) => {
      await service.remove(actorOf(req), idParam(req));
      return reply.status(204).send();
    });

    app.post(
      '/api/registrations/:id/submit',
      { onRequest: requireVerified, schema: { params }, config: limit('submit') },
      async (req) => {
        const locale = req.locale;
        const { record, created } = await service.submit(actorOf(req), idParam(req), req.body, locale);
        return {
          data: record,
          created,
          message: locale === 'my' ? 'ပုံစံကို အောင်မြင်စွာ တင်သွင်းပြီးပါပြီ။' : 'Form submitted successfully!',
        };
      },
    );

    app.get(
      '/api/registrations/:id/pdf',
      { onRequest: requireVerified, schema: { params, querystring: pdfQuery }, config: limit('pdf') },
      async (req, reply) => {
        const { fileName, body } = await service.pdf(actorOf(req), idParam(req), localeOf(req));
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `attachment; filename="${fileName}"`)
          .header('Cache-Control', 'private, no-store')
          .send(body);
      },
    );

    app.get(
      '/api/admin/registrations',
      { onRequest: requireAdmin, schema: { querystring: adminListQuery } },
      async (req) => {
        const q = req.query as z.output<typeof adminListQuery>;
        return service.adminList(actorOf(req), { page: q.page, perPage: q.per_page, status: q.status });
      },
    );

    app.patch('/api/admin/registrations/:id/status', { onRequest: requireAdmin, schema: { params } }, async (req) => {
      const id = idParam(req);
      // Approving or rejecting is a legal act: a fresh second-factor proof (docs/decisions/075).
      await stepUp(actorOf(req), {
        kind: 'decision',
        registration_id: id,
        status: (req.body as { status?: unknown })?.status,
      });
      await review.changeStatus(actorOf(req), id, req.body);
      return { data: await service.get(actorOf(req), id) };
    });
  };
}
