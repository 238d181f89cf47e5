import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { PreparedAnswer, sendAnswer } from '../../lib/prepared-answer';
import { route } from '../../plugins/route';
import { registriesRepository } from './registries.repository';

export function registriesRoutes({ database }: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const repo = registriesRepository(database.db);
    const eiet = new PreparedAnswer(database, 'eiet_companies', async () => ({
      status: 'success',
      eietList: await repo.listEiet(),
    }));
    const pile = new PreparedAnswer(database, 'pile_companies', async () => ({
      status: 'success',
      pileList: await repo.listPile(),
    }));
    route(app, 'GET /api/eiet-list', async (req, reply) => sendAnswer(req, reply, await eiet.get()), {
      prepared: { answer: eiet },
    });
    route(app, 'GET /api/pile-list', async (req, reply) => sendAnswer(req, reply, await pile.get()), {
      prepared: { answer: pile },
    });
  };
}
