import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, messageCode } from '@hpbc/shared';
import { countersignSchema, requestChangesSchema, reviewCommentSchema } from '@hpbc/shared/counterpart-review';
import type { ModuleDeps } from '../../module-deps';
import { notFound } from '../../lib/http-errors';
import { actorOf, requireRole } from '../../plugins/auth';
import { reviewsService } from './reviews.service';
import { verificationService } from './verification.service';

const counterpart = requireRole('national-counterpart');
const idOf = (id: number | null) => {
  if (id === null) throw notFound(messageCode('registration_not_found'));
  return id;
};
const referenceParams = z.object({ reference: z.string().max(64) });
const verifyDocumentParams = z.object({ reference: z.string().max(64), sha256: z.string().max(64) });
const commentParams = z.object({
  id: idParamsSchema.shape.id,
  comment: idParamsSchema.shape.id,
});
const commentOf = (id: number | null) => {
  if (id === null) throw notFound(messageCode('comment_not_found'));
  return id;
};

/** The counterparts' review and the public verification (docs/api.md, "The committee's workflow"). */
export function reviewsRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const service = reviewsService(deps);
    const verification = verificationService(deps);

    app.get('/api/reviews', { onRequest: counterpart }, async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await service.list(actorOf(req)) };
    });

    app.get('/api/reviews/:id', { onRequest: counterpart, schema: { params: idParamsSchema } }, async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await service.get(actorOf(req), idOf(req.params.id)) };
    });

    app.post(
      '/api/reviews/:id/comments',
      { onRequest: counterpart, schema: { params: idParamsSchema, body: reviewCommentSchema } },
      async (req, reply) =>
        reply.status(201).send({ data: await service.comment(actorOf(req), idOf(req.params.id), req.body) }),
    );

    app.post(
      '/api/reviews/:id/request-changes',
      { onRequest: counterpart, schema: { params: idParamsSchema, body: requestChangesSchema } },
      async (req) => ({ data: await service.requestChanges(actorOf(req), idOf(req.params.id), req.body) }),
    );

    app.post(
      '/api/reviews/:id/countersign',
      { onRequest: counterpart, schema: { params: idParamsSchema, body: countersignSchema } },
      async (req, reply) =>
        reply.status(201).send({ data: await service.countersign(actorOf(req), idOf(req.params.id), req.body) }),
    );

    app.post(
      '/api/reviews/:id/comments/:comment/resolve',
      { onRequest: counterpart, schema: { params: commentParams } },
      async (req) => ({
        data: await service.resolveComment(actorOf(req), idOf(req.params.id), commentOf(req.params.comment)),
      }),
    );

    // Public: anyone holding a printed registration can check it (no contact data).
    app.get('/api/verify/:reference', { schema: { params: referenceParams } }, async (req) =>
      verification.verify(req.params.reference),
    );

    // Public: is a copy someone holds (its SHA-256, computed in their browser) an approved document?
    app.get('/api/verify/:reference/documents/:sha256', { schema: { params: verifyDocumentParams } }, async (req) => ({
      data: await verification.verifyDocument(req.params.reference, req.params.sha256),
    }));
  };
}
