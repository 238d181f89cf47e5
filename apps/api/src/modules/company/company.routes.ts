import type { FastifyPluginAsync } from 'fastify';
import { REPORT_MAX_BYTES } from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { knownId } from '../../lib/http-errors';
import { drainOnRefusal, readMultipartForm, registerUploads } from '../../lib/file-store/multipart';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { sendPdfDownload } from '../../plugins/pdf-download';
import { calendarUidDomain, inspectionsCalendar } from './company.calendar';
import { companyService } from './company.service';
import { legalActGate } from '../second-factor/legal-act-gate';

/** The company work areas (declared in @hpbc/shared/contract/work). */
export function companyRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (root) => {
    // Multipart only in this module's scope (the inspection report), as for cover letters.
    await registerUploads(root, { maxFileBytes: REPORT_MAX_BYTES, files: 1, fields: 10 });
    const app = root;
    const service = companyService({ ...deps, log: root.log });
    const stepUp = legalActGate(deps);

    route(app, 'GET /api/company/overview', async (req) => ({ data: await service.overview(actorOf(req)) }));

    // ---- Service requests ----------------------------------------------------------------
    route(app, 'GET /api/company/service-requests', async (req) => service.listRequests(actorOf(req), req.query));
    route(app, 'GET /api/company/service-requests/:id', async (req) => ({
      data: await service.getRequest(actorOf(req), knownId(req.params.id, 'service_request_not_found')),
    }));
    route(app, 'PATCH /api/company/service-requests/:id', async (req) => ({
      data: await service.changeRequest(actorOf(req), knownId(req.params.id, 'service_request_not_found'), req.body),
    }));
    route(app, 'GET /api/company/service-requests/:id/cover-letter', async (req, reply) => {
      const id = knownId(req.params.id, 'service_request_not_found');
      const { name, bytes } = await service.coverLetter(actorOf(req), id);
      return sendPdfDownload(reply, bytes, name, 'uploaded');
    });

    // The requester's private link: no account, so no per-user answer to cache either.
    route(app, 'GET /api/service-requests/track/:token', async (req, reply) => {
      reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
      return { data: await service.track(req.params.token) };
    });

    // ---- Inspections ---------------------------------------------------------------------
    route(app, 'GET /api/company/registrations', async (req) => ({ data: await service.registrations(actorOf(req)) }));
    route(app, 'POST /api/registrations/:id/inspections', async (req) => ({
      data: await service.schedule(actorOf(req), knownId(req.params.id, 'registration_not_found'), req.body),
    }));
    route(app, 'PATCH /api/inspections/:id', async (req) => ({
      data: await service.change(actorOf(req), knownId(req.params.id, 'inspection_not_found'), req.body),
    }));
    route(app, 'POST /api/inspections/:id/result', async (req) =>
      drainOnRefusal(req, async () => {
        const id = knownId(req.params.id, 'inspection_not_found');
        const actor = actorOf(req);
        await service.mayRecordResult(actor, id); // before a byte of the upload is read
        const form = await readMultipartForm(req, 'report');
        // A legal act: a fresh second-factor proof (docs/decisions/075).
        await stepUp(actor, { kind: 'inspection_result', inspection_id: id, outcome: form.fields.outcome });
        return { data: await service.recordResult(actor, id, form) };
      }),
    );
    route(app, 'GET /api/inspections/:id/report', async (req, reply) => {
      const { name, bytes } = await service.report(actorOf(req), knownId(req.params.id, 'inspection_not_found'));
      return sendPdfDownload(reply, bytes, name, 'uploaded');
    });

    // ---- Calendar feed -------------------------------------------------------------------
    route(app, 'POST /api/company/calendar', async (req) => ({ data: await service.newCalendarUrl(actorOf(req)) }));
    route(app, 'GET /api/calendar/:file', async (req, reply) => {
      const token = req.params.file.replace(/\.ics$/, '');
      const feed = await service.calendarFeed(token);
      const body = inspectionsCalendar({
        locale: feed.locale,
        uidDomain: calendarUidDomain(deps.config.appSecret),
        appUrl: deps.config.appUrl,
        items: feed.items,
      });
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', 'inline; filename="inspections.ics"')
        .header('Cache-Control', 'private, max-age=300')
        .header('Referrer-Policy', 'no-referrer')
        .send(body);
    });
  };
}
