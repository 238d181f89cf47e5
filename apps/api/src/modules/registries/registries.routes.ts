import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { PreparedAnswer, sendAnswer } from '../../lib/prepared-answer';
import { registriesRepository } from './registries.repository';

export function registriesRoutes({ database, fastPath }: ModuleDeps): FastifyPluginAsync {
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
    fastPath?.add('/api/eiet-list', eiet);
    fastPath?.add('/api/pile-list', pile);
    app.get('/api/eiet-list', async (req, reply) => sendAnswer(req, reply, await eiet.get()));
    app.get('/api/pile-list', async (req, reply) => sendAnswer(req, reply, await pile.get()));
  };
}
