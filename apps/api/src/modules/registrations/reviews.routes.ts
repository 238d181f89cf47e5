import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { knownId } from '../../lib/http-errors';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { reviewsService } from './reviews.service';
import { verificationService } from './verification.service';
import { legalActGate } from '../second-factor/legal-act-gate';

const idOf = (id: number | null) => knownId(id, 'registration_not_found');
const commentOf = (id: number | null) => knownId(id, 'comment_not_found');

/** The counterparts' review and the public verification (declared in @hpbc/shared/contract/reviews). */
export function reviewsRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const service = reviewsService(deps);
    const verification = verificationService(deps);
    const stepUp = legalActGate(deps);

    route(app, 'GET /api/reviews', async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await service.list(actorOf(req)) };
    });

    route(app, 'GET /api/reviews/:id', async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await service.get(actorOf(req), idOf(req.params.id)) };
    });

    route(app, 'POST /api/reviews/:id/comments', async (req) => ({
      data: await service.comment(actorOf(req), idOf(req.params.id), req.body),
    }));

    route(app, 'POST /api/reviews/:id/comments/:comment/resolve', async (req) => ({
      data: await service.resolveComment(actorOf(req), idOf(req.params.id), commentOf(req.params.comment)),
    }));

    // The submitter's answer to a comment (the owner only; 404 for anyone else).
    route(app, 'POST /api/registrations/:id/comments/:comment/answer', async (req) => ({
      data: await service.answerComment(
        actorOf(req),
        idOf(req.params.id),
        commentOf(req.params.comment),
        req.body.text,
      ),
    }));

    route(app, 'POST /api/reviews/:id/request-changes', async (req) => ({
      data: await service.requestChanges(actorOf(req), idOf(req.params.id), req.body),
    }));

    route(app, 'POST /api/reviews/:id/countersign', async (req) => {
      // A legal act: a fresh second-factor proof (docs/decisions/075).
      await stepUp(actorOf(req), { kind: 'countersign', registration_id: idOf(req.params.id), ...req.body });
      return { data: await service.countersign(actorOf(req), idOf(req.params.id), req.body) };
    });

    // Declared in @hpbc/shared/contract/workflow (issue 28, item 7).
    route(app, 'DELETE /api/reviews/:id/countersignatures/:discipline', async (req) => ({
      data: await service.withdraw(actorOf(req), idOf(req.params.id), req.params.discipline),
    }));

    // Public: anyone holding a printed registration can check it (no contact data).
    route(app, 'GET /api/verify/:reference', async (req) => verification.verify(req.params.reference));

    // Public: is a copy someone holds (its SHA-256, computed in their browser) an approved document?
    route(app, 'GET /api/verify/:reference/documents/:sha256', async (req) => ({
      data: await verification.verifyDocument(req.params.reference, req.params.sha256),
    }));
  };
}
