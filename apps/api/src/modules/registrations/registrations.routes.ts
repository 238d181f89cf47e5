import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { localeFromHeader, type Locale } from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { notFound } from '../../lib/http-errors';
import { actorOf, requireAdmin, requireVerified } from '../../plugins/auth';
import { registrationReviewService } from './registrations.review';
import { registrationsService } from './registrations.service';

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

function idParam(req: FastifyRequest): number {
  const raw = (req.params as { id?: string }).id ?? '';
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw notFound('Registration not found.');
  return Number(raw);
}

/** ?lang=my picks the PDF's language (a download link carries no headers); else Accept-Language. */
function localeOf(req: FastifyRequest): Locale {
  const lang = (req.query as { lang?: unknown } | undefined)?.lang;
  if (lang === 'my' || lang === 'en') return lang;
  return localeFromHeader(req.headers['accept-language']);
}

/** Form One registrations (docs/api.md, "Form One registrations"). */
export function registrationsRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = registrationsService(deps);
    const review = registrationReviewService(deps);

    app.post('/api/registrations', { onRequest: requireVerified, config: limit('create') }, async (req, reply) => {
      const record = await service.create(actorOf(req), req.body);
      return reply.status(201).send({ data: record });
    });

    app.get('/api/registrations', { onRequest: requireVerified }, async (req) => ({
      data: await service.listMine(actorOf(req)),
    }));

    app.get('/api/registrations/:id', { onRequest: requireVerified }, async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await service.get(actorOf(req), idParam(req)) };
    });

    app.put('/api/registrations/:id/draft', { onRequest: requireVerified, config: limit('save') }, async (req) => ({
      data: await service.saveDraft(actorOf(req), idParam(req), req.body),
    }));

    app.delete('/api/registrations/:id', { onRequest: requireVerified }, async (req, reply) => {
      await service.remove(actorOf(req), idParam(req));
      return reply.status(204).send();
    });

    app.post('/api/registrations/:id/submit', { onRequest: requireVerified, config: limit('submit') }, async (req) => {
      const locale = localeFromHeader(req.headers['accept-language']);
      const { record, created } = await service.submit(actorOf(req), idParam(req), req.body, locale);
      return {
        data: record,
        created,
        message: locale === 'my' ? 'ပုံစံကို အောင်မြင်စွာ တင်သွင်းပြီးပါပြီ။' : 'Form submitted successfully!',
      };
    });

    app.get('/api/registrations/:id/pdf', { onRequest: requireVerified, config: limit('pdf') }, async (req, reply) => {
      const { fileName, body } = await service.pdf(actorOf(req), idParam(req), localeOf(req));
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(body);
    });

    app.get('/api/admin/registrations', { onRequest: requireAdmin }, async (req) => {
      const q = req.query as { page?: string; per_page?: string; status?: string };
      const page = /^\d{1,6}$/.test(q.page ?? '') ? Math.max(1, Number(q.page)) : 1;
      const perPage = /^\d{1,3}$/.test(q.per_page ?? '') ? Math.min(100, Math.max(1, Number(q.per_page))) : 25;
      const status = typeof q.status === 'string' && q.status.length <= 40 && q.status ? q.status : undefined;
      return service.adminList(actorOf(req), { page, perPage, status });
    });

    app.patch('/api/admin/registrations/:id/status', { onRequest: requireAdmin }, async (req) => {
      const id = idParam(req);
      await review.changeStatus(actorOf(req), id, req.body);
      return { data: await service.get(actorOf(req), id) };
    });
  };
}
