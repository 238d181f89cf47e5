import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { knownId } from '../../lib/http-errors';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { referencePdfName, sendPdfDownload } from '../../plugins/pdf-download';
import { legalActGate } from '../second-factor/legal-act-gate';
import { changeReportsService } from './change-reports.service';

const registrationId = (id: number | null) => knownId(id, 'registration_not_found');
const reportId = (id: number | null) => knownId(id, 'change_report_not_found');

/** Design changes during construction (declared in @hpbc/shared/contract/change-reports). */
export function changeReportsRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = changeReportsService(deps);
    const stepUp = legalActGate(deps);

    // 201 comes from the declaration (route() sets a single non-200 success status).
    route(app, 'POST /api/registrations/:id/change-reports', async (req) => ({
      data: await service.file(actorOf(req), registrationId(req.params.id), req.body),
    }));

    route(app, 'POST /api/change-reports/:id/acknowledge', async (req) => ({
      data: await service.acknowledge(actorOf(req), reportId(req.params.id), req.body),
    }));

    route(app, 'POST /api/change-reports/:id/comments', async (req) => ({
      data: await service.comment(actorOf(req), reportId(req.params.id), req.body),
    }));

    route(app, 'POST /api/change-reports/:id/countersign', async (req) => {
      const id = reportId(req.params.id);
      // A legal act: a fresh second-factor proof (docs/decisions/075).
      await stepUp(actorOf(req), { kind: 'change_countersign', change_report_id: id, discipline: req.body.discipline });
      return { data: await service.countersign(actorOf(req), id, req.body) };
    });

    route(app, 'PATCH /api/admin/change-reports/:id', async (req) => {
      const id = reportId(req.params.id);
      await stepUp(actorOf(req), { kind: 'change_decision', change_report_id: id, status: req.body.status });
      return { data: await service.decide(actorOf(req), id, req.body) };
    });

    route(app, 'GET /api/registrations/:id/completion-certificate.pdf', async (req, reply) => {
      const { pdf, reference } = await service.completionCertificate(actorOf(req), registrationId(req.params.id));
      return sendPdfDownload(reply, pdf, referencePdfName('completion', reference), 'made');
    });
  };
}
