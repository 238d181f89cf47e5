import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { COVER_LETTER_MAX_BYTES, type ServiceRequestKind } from '@hpbc/shared';
import { SERVICE_REQUEST_RATE_LIMIT as LIMIT } from '@hpbc/shared/contract/work';
import type { ModuleDeps } from '../../module-deps';
import { drainOnRefusal, readMultipartForm, registerUploads } from '../../lib/file-store/multipart';
import { route } from '../../plugins/route';
import { sendPdfDownload } from '../../plugins/pdf-download';
import { serviceRequestsService } from './service-requests.service';

/** Each request sends mail to two parties; this keeps one address from flooding anyone's inbox. */
export const SERVICE_REQUEST_RATE_LIMIT = LIMIT;

const SUCCESS = {
  eiet: { en: 'Request Submitted Successfully!', my: 'တောင်းဆိုချက်ကို အောင်မြင်စွာ တင်သွင်းပြီးပါပြီ။' },
  pile: {
    en: 'Your pile service request has been submitted successfully.',
    my: 'သင်၏ ပိုင်လုပ်ငန်း ဝန်ဆောင်မှု တောင်းဆိုချက်ကို အောင်မြင်စွာ တင်သွင်းပြီးပါပြီ။',
  },
} as const;

export function serviceRequestsRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    // Multipart only in this module's scope: every other endpoint keeps refusing it.
    await registerUploads(app, { maxFileBytes: COVER_LETTER_MAX_BYTES, files: 1, fields: 20 });
    const service = serviceRequestsService({ ...deps, log: app.log });

    const submit = (kind: ServiceRequestKind) => async (req: FastifyRequest, reply: FastifyReply) =>
      drainOnRefusal(req, async () => {
        deps.csrf.verify(req);
        const locale = req.locale;
        const form = await readMultipartForm(req, 'cover_letter');
        const { reference } = await service.submit({ kind, ...form, locale });
        return reply.status(201).send({ status: 'success' as const, message: SUCCESS[kind][locale], reference });
      });
    route(app, 'POST /api/eiet-request', submit('eiet'));
    route(app, 'POST /api/pile-request', submit('pile'));

    const PER_PAGE = 25;
    route(app, 'GET /api/admin/service-requests', async (req) => {
      const current = req.query.page ?? 1;
      const { rows, total } = await service.listServiceRequests({
        page: current,
        perPage: PER_PAGE,
        status: req.query.status,
      });
      return { data: rows, meta: { total, page: current, per_page: PER_PAGE } };
    });
    route(app, 'GET /api/admin/service-requests/:id', async (req) => ({
      data: await service.getServiceRequest(req.params.id),
    }));
    route(app, 'GET /api/admin/service-requests/:id/cover-letter', async (req, reply) => {
      const { request, coverLetter } = await service.readServiceRequest(req.params.id);
      return sendPdfDownload(reply, coverLetter, request.cover_letter_name, 'uploaded');
    });
  };
}
