import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { PreparedAnswer, sendAnswer } from '../../lib/prepared-answer';
import { route } from '../../plugins/route';
import { recommendationsRepository } from './recommendations.repository';

export function recommendationsRoutes({ database }: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const repo = recommendationsRepository(database.db);
    const disciplinesAnswer = new PreparedAnswer(database, 'recommendations', async () => ({
      data: { data: await repo.listDisciplines() },
    }));
    const wholeTree = new PreparedAnswer(database, 'recommendations', async () => ({
      data: { data: await repo.tree() },
    }));

    route(
      app,
      'GET /api/v1/recommendations/disciplines',
      async (req, reply) => sendAnswer(req, reply, await disciplinesAnswer.get()),
      { prepared: { answer: disciplinesAnswer } },
    );

    // Without a query string: the whole tree (a discipline_id asks for one, through Fastify).
    route(
      app,
      'GET /api/v1/recommendations/hierarchy',
      async (req, reply) => {
        const id = req.query.discipline_id;
        if (id === undefined) return sendAnswer(req, reply, await wholeTree.get());
        return { data: { data: await repo.tree(id) } };
      },
      { prepared: { answer: wholeTree } },
    );
  };
}
