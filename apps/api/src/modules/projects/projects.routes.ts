import type { FastifyPluginAsync } from 'fastify';
import {
  messageCode,
  PROJECT_PAGE_PARAMS,
  PROJECT_PAGE_SIZE,
  distinctStatuses,
  type Project,
  type ProjectFilterValues,
  type ProjectPage,
} from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { csvOf } from '../../lib/csv';
import { HttpError } from '../../lib/http-errors';
import { AnswerCache, jsonListOf, PreparedAnswer, sendAnswer } from '../../lib/prepared-answer';
import { VersionedValue } from '../../lib/versioned-value';
import { route } from '../../plugins/route';
import { projectsRepository } from './projects.repository';
import { stagesService } from '../stages/stages.service';

/** The open data's columns: the fields of the specification's Project entity, in its order. */
export const OPEN_DATA_COLUMNS = [
  'id',
  'rn_number',
  'project_name',
  'developer',
  'status',
  'basement',
  'storey',
  'building_height',
  'location',
  'region',
  'state',
] as const satisfies readonly (keyof Project)[];

/** Distinct filters whose match count is kept per version of the list. */
const MAX_KEPT_TOTALS = 500;

export function projectsRoutes(deps: ModuleDeps): FastifyPluginAsync {
  const { database } = deps;
  return async (app) => {
    const repo = projectsRepository(database.db);
    const stages = stagesService(deps);
    // The whole list grows with the data: read in batches, and past a size kept in files
    // rather than the heap (docs/decisions/110).
    const list = PreparedAnswer.streamed(database, 'projects', () => jsonListOf(repo.listInBatches()));
    const statuses = new VersionedValue(database, 'projects', async () =>
      distinctStatuses((await repo.statuses()).map((status) => ({ status }))),
    );

    // A page's answer is made per request (it depends on the query), but compressed once per distinct body.
    const pages = new AnswerCache();
    // How many projects match a filter, counted once per version of the list: a million rows
    // are not counted again for every page (issue 31; docs/decisions/109). Exact, as the list's
    // version changes with any change of a project; the map is new with each version.
    const totals = new VersionedValue(database, 'projects', async () => new Map<string, Promise<number>>());
    const totalOf = async (filters: ProjectFilterValues): Promise<number> => {
      const known = await totals.get();
      const key = JSON.stringify([
        filters.projectName.trim().toLowerCase(),
        filters.status,
        filters.location.trim().toLowerCase(),
      ]);
      let total = known.get(key);
      if (!total) {
        total = repo.count(filters);
        // Filters are typed by visitors: keep the newest few hundred, and never a failed count.
        if (known.size >= MAX_KEPT_TOTALS) known.delete(known.keys().next().value!);
        known.set(key, total);
        total.catch(() => known.delete(key));
      }
      return total;
    };

    // Without a query string the specified answer is the whole list (prepared, before Fastify).
    route(
      app,
      'GET /api/project-list',
      async (req, reply) => {
        // The specified answer is the whole list; any paging or filter parameter asks for one page instead.
        const given = new URLSearchParams(req.url.split('?')[1] ?? '');
        if (!PROJECT_PAGE_PARAMS.some((p) => given.has(p))) {
          return sendAnswer(req, reply, await list.get());
        }
        const q = req.query;
        const perPage = q.per_page ?? PROJECT_PAGE_SIZE;
        const page = q.page ?? 1;
        const filters = { projectName: q.project, status: q.status, location: q.location };
        const [total, allStatuses] = await Promise.all([totalOf(filters), statuses.get()]);
        const rows = await repo.findPage(filters, (page - 1) * perPage, perPage, total);
        const body: ProjectPage = {
          data: rows,
          meta: {
            total,
            page,
            per_page: perPage,
            last_page: Math.max(1, Math.ceil(total / perPage)),
            statuses: allStatuses,
          },
        };
        // With an ETag and compressed, as the whole list (docs/decisions/085).
        return sendAnswer(req, reply, await pages.answerFor(body));
      },
      { prepared: { answer: list } },
    );

    // Open data (docs/api.md "Open data"): the same prepared list, as JSON and as CSV.
    const csv = PreparedAnswer.streamed(database, 'projects', () =>
      csvOf<Project>(OPEN_DATA_COLUMNS, repo.listInBatches()),
    );
    const download = (name: string): [string, string][] => [['content-disposition', `attachment; filename="${name}"`]];
    const jsonDownload = download('hpbc-projects.json');
    const csvDownload = download('hpbc-projects.csv');
    const CSV_TYPE = 'text/csv; charset=utf-8; header=present';
    route(
      app,
      'GET /api/open-data/projects.json',
      async (req, reply) => sendAnswer(req, reply, await list.get(), undefined, jsonDownload),
      { prepared: { answer: list, headers: jsonDownload } },
    );
    route(
      app,
      'GET /api/open-data/projects.csv',
      async (req, reply) => sendAnswer(req, reply, await csv.get(), CSV_TYPE, csvDownload),
      { prepared: { answer: csv, type: CSV_TYPE, headers: csvDownload } },
    );

    route(app, 'GET /api/project-list/:id', async (req) => {
      const project = req.params.id !== null ? await repo.findById(req.params.id) : undefined;
      if (!project) throw new HttpError(404, messageCode('project_not_found'));
      // Its construction once approved (issue 30): stages and inspections done, no names or remarks.
      return { data: { ...project, construction: await stages.publicConstruction(project.id) } };
    });
  };
}
