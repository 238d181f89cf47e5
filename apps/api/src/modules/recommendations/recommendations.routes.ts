import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import { PreparedAnswer, sendAnswer } from '../../lib/prepared-answer';
import { recommendationsRepository } from './recommendations.repository';

const HierarchyQuery = z.object({
  // Empty means no filter; one regex keeps the field's own message (a union would say "Invalid input").
  discipline_id: z
    .string({ error: 'integer|discipline_id' })
    .regex(/^(\d{1,9})?$/, 'integer|discipline_id')
    .optional()
    .transform((v) => (v ? Number(v) : undefined)),
});

export function recommendationsRoutes({ database, fastPath }: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const repo = recommendationsRepository(database.db);
    const disciplinesAnswer = new PreparedAnswer(database, 'recommendations', async () => ({
      data: { data: await repo.listDisciplines() },
    }));
    const wholeTree = new PreparedAnswer(database, 'recommendations', async () => ({
      data: { data: await repo.tree() },
    }));

    fastPath?.add('/api/v1/recommendations/disciplines', disciplinesAnswer);
    // Without a query string: the whole tree (a discipline_id asks for one, through Fastify).
    fastPath?.add('/api/v1/recommendations/hierarchy', wholeTree);
    app.get('/api/v1/recommendations/disciplines', async (req, reply) =>
      sendAnswer(req, reply, await disciplinesAnswer.get()),
    );

    app
      .withTypeProvider<ZodTypeProvider>()
      .get('/api/v1/recommendations/hierarchy', { schema: { querystring: HierarchyQuery } }, async (req, reply) => {
        const id = req.query.discipline_id;
        if (id === undefined) return sendAnswer(req, reply, await wholeTree.get());
        return { data: { data: await repo.tree(id) } };
      });
  };
}
