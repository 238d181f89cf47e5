import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { CHECKLIST_SPEC, EIET_SPEC, PILE_SPEC, PROJECT_SPEC, type RegisterSpec } from './public-data.repository';
import { publicDataService } from './public-data.service';
import { recommendationTreeRoutes } from './recommendation-tree.routes';

const REGISTERS = [
  { path: '/admin/projects', spec: PROJECT_SPEC },
  { path: '/admin/eiet-companies', spec: EIET_SPEC },
  { path: '/admin/pile-companies', spec: PILE_SPEC },
  { path: '/admin/inspection-checklists', spec: CHECKLIST_SPEC },
] as const satisfies readonly { path: string; spec: RegisterSpec }[];

/**
 * The committee's editing of the public registers (issue 16). Each register answers the
 * same calls (declared in @hpbc/shared/contract/admin-data): a paged, sorted, searchable
 * list; one row; create; replace; retire; restore.
 */
export function publicDataRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    for (const { path, spec } of REGISTERS) {
      const service = publicDataService(deps, spec);
      const p = `/api${path}` as const;
      // The three registers' rows differ; the service reads them through its RegisterSpec.
      type Row = never;
      route(app, `GET ${p}`, async (req) => service.list(actorOf(req), req.query as never) as Promise<Row>);
      route(app, `POST ${p}`, async (req) => ({
        data: (await service.create(actorOf(req), req.body as never)) as Row,
      }));
      route(app, `GET ${p}/:id`, async (req) => ({ data: (await service.get(actorOf(req), req.params.id)) as Row }));
      route(app, `PUT ${p}/:id`, async (req) => ({
        data: (await service.update(actorOf(req), req.params.id, req.body as never)) as Row,
      }));
      route(app, `POST ${p}/:id/retire`, async (req) => ({
        data: (await service.setRetired(actorOf(req), req.params.id, true)) as Row,
      }));
      route(app, `POST ${p}/:id/restore`, async (req) => ({
        data: (await service.setRetired(actorOf(req), req.params.id, false)) as Row,
      }));
    }
    await app.register(recommendationTreeRoutes(deps));
  };
}
