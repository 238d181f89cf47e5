import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { PreparedAnswer, sendAnswer } from '../../lib/prepared-answer';
import { pathOf, route } from '../../plugins/route';
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
    fastPath?.add(pathOf('GET /api/eiet-list'), eiet);
    fastPath?.add(pathOf('GET /api/pile-list'), pile);
    route(app, 'GET /api/eiet-list', async (req, reply) => sendAnswer(req, reply, await eiet.get()));
    route(app, 'GET /api/pile-list', async (req, reply) => sendAnswer(req, reply, await pile.get()));
  };
}
