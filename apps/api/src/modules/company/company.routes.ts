import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyInboxQuerySchema, idParamsSchema, messageCode, REPORT_MAX_BYTES } from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { notFound } from '../../lib/http-errors';
import { readMultipartForm, registerUploads } from '../../lib/file-store/multipart';
import { actorOf, requireVerified } from '../../plugins/auth';
import { inspectionsCalendar } from './company.calendar';
import { companyService } from './company.service';
import { legalActGate } from '../second-factor/legal-act-gate';

/** A malformed :id is the same 404 as an unknown one. */
function idOf(req: FastifyRequest, message: Parameters<typeof messageCode>[0]): number {
  const { id } = req.params as z.output<typeof idParamsSchema>;
  if (id === null) throw notFound(messageCode(message));
  return id;
}
const params = idParamsSchema;
const tokenParams = z.object({ token: z.string().max(200) });
const fileParams = z.object({ file: z.string().max(200) });

/** Sends stored PDF bytes as a download with a safe name. */
function sendPdf(reply: FastifyReply, name: string, bytes: Buffer) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(bytes);
}

/** The company work areas (docs/api.md, "Company work areas (EIET and pile companies)"). */
export function companyRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (root) => {
    // Multipart only in this module's scope (the inspection report), as for cover letters.
    await registerUploads(root, { maxFileBytes: REPORT_MAX_BYTES, files: 1, fields: 10 });
    const app = root.withTypeProvider<ZodTypeProvider>();
    const service = companyService({ ...deps, log: root.log });
    const stepUp = legalActGate(deps);
    const signedIn = { onRequest: requireVerified };

    app.get('/api/company/overview', signedIn, async (req) => ({ data: await service.overview(actorOf(req)) }));

    // ---- Service requests ----------------------------------------------------------------
    app.get(
      '/api/company/service-requests',
      { ...signedIn, schema: { querystring: companyInboxQuerySchema } },
      async (req) => service.listRequests(actorOf(req), req.query),
    );
    app.get('/api/company/service-requests/:id', { ...signedIn, schema: { params } }, async (req) => ({
      data: await service.getRequest(actorOf(req), idOf(req, 'service_request_not_found')),
    }));
    app.patch('/api/company/service-requests/:id', { ...signedIn, schema: { params } }, async (req) => ({
      data: await service.changeRequest(actorOf(req), idOf(req, 'service_request_not_found'), req.body),
    }));
    app.get(
      '/api/company/service-requests/:id/cover-letter',
      { ...signedIn, schema: { params } },
      async (req, reply) => {
        const { name, bytes } = await service.coverLetter(actorOf(req), idOf(req, 'service_request_not_found'));
        return sendPdf(reply, name, bytes);
      },
    );

    // The requester's private link: no account, so no per-user answer to cache either.
    app.get(
      '/api/service-requests/track/:token',
      { schema: { params: tokenParams }, config: { rateLimit: { max: 60, timeWindow: 60_000 } } },
      async (req, reply) => {
        reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
        return { data: await service.track(req.params.token) };
      },
    );

    // ---- Inspections ---------------------------------------------------------------------
    app.get('/api/company/registrations', signedIn, async (req) => ({
      data: await service.registrations(actorOf(req)),
    }));
    app.post('/api/registrations/:id/inspections', { ...signedIn, schema: { params } }, async (req, reply) => {
      const data = await service.schedule(actorOf(req), idOf(req, 'registration_not_found'), req.body);
      return reply.status(201).send({ data });
    });
    app.patch('/api/inspections/:id', { ...signedIn, schema: { params } }, async (req) => ({
      data: await service.change(actorOf(req), idOf(req, 'inspection_not_found'), req.body),
    }));
    app.post('/api/inspections/:id/result', { ...signedIn, schema: { params } }, async (req) => {
      try {
        const id = idOf(req, 'inspection_not_found');
        const actor = actorOf(req);
        const form = await readMultipartForm(req, 'report');
        // A legal act: a fresh second-factor proof (docs/decisions/075).
        await stepUp(actor, { kind: 'inspection_result', inspection_id: id, outcome: form.fields.outcome });
        return { data: await service.recordResult(actor, id, form) };
      } catch (err) {
        if (!req.raw.readableEnded) req.raw.resume();
        throw err;
      }
    });
    app.get('/api/inspections/:id/report', { ...signedIn, schema: { params } }, async (req, reply) => {
      const { name, bytes } = await service.report(actorOf(req), idOf(req, 'inspection_not_found'));
      return sendPdf(reply, name, bytes);
    });

    // ---- Calendar feed -------------------------------------------------------------------
    app.post('/api/company/calendar', signedIn, async (req) => ({ data: await service.newCalendarUrl(actorOf(req)) }));
    app.get(
      '/api/calendar/:file',
      { schema: { params: fileParams }, config: { rateLimit: { max: 60, timeWindow: 60_000 } } },
      async (req, reply) => {
        const token = req.params.file.replace(/\.ics$/, '');
        const feed = await service.calendarFeed(token);
        const body = inspectionsCalendar({
          locale: feed.locale,
          host: new URL(deps.config.appUrl).host,
          appUrl: deps.config.appUrl,
          items: feed.items,
        });
        return reply
          .header('Content-Type', 'text/calendar; charset=utf-8')
          .header('Content-Disposition', 'inline; filename="inspections.ics"')
          .header('Cache-Control', 'private, max-age=300')
          .header('Referrer-Policy', 'no-referrer')
          .send(body);
      },
    );
  };
}
