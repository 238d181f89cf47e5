import { z } from 'zod';
import { idParamsSchema } from '../paging';
import { ProjectListQuerySchema } from '../project-filters';
import { LibrarySearchQuerySchema } from '../library';
import type { Project, ProjectDetail } from '../projects';
import { CONSTRUCTION_STAGES } from '../construction-stages';
import { INSPECTION_KINDS, INSPECTION_OUTCOMES } from '../company-work';
import type { EietCompany, PileCompany } from '../companies';
import type { DisciplineTree } from '../recommendations';
import type { LibrarySearchHit } from '../library-catalogue';
import { emptyAnswer, endpoints, fileAnswer, type Assert, type Same } from './endpoint';
import { dataOf } from './common';

/**
 * The public lists every visitor reads (projects, companies, recommendations), the library
 * search, the open data and the committee's contact details. The whole lists are prepared
 * answers (docs/decisions/002): an ETag, 304 to a matching If-None-Match.
 */

export const projectAnswer = z.object({
  id: z.number().int(),
  rn_number: z.number().int(),
  project_name: z.string(),
  developer: z.string(),
  status: z.string(),
  basement: z.number().int(),
  storey: z.number().int(),
  building_height: z.number().nullable(),
  location: z.string(),
  region: z.string(),
  state: z.string(),
});
/**
 * One project's public page (issue 30): the project, and — when an approved registration
 * published it — its construction: the reference for /verify, the stages reported with their
 * dates, the inspections done with their outcomes. No names, notes or remarks (decision 095).
 */
export const projectDetailAnswer = projectAnswer.extend({
  construction: z
    .object({
      reference: z.string(),
      current_stage: z.enum(CONSTRUCTION_STAGES).nullable(),
      stages: z.array(z.object({ stage: z.enum(CONSTRUCTION_STAGES), date: z.string() })),
      inspections: z.array(
        z.object({ date: z.string(), kind: z.enum(INSPECTION_KINDS), outcome: z.enum(INSPECTION_OUTCOMES) }),
      ),
    })
    .strict()
    .nullable(),
});
export const eietCompanyAnswer = z.object({
  id: z.number().int(),
  eiet_name: z.string(),
  ceo_name: z.string(),
  office_address: z.string(),
  email_address: z.string(),
  phone_number: z.string(),
  issue_certificate_date: z.string().nullable(),
  certificate_expire_date: z.string().nullable(),
});
export const pileCompanyAnswer = z.object({
  id: z.number().int(),
  company_name: z.string(),
  item: z.string(),
  address: z.string(),
  issue_certificate_date: z.string().nullable(),
  certificate_expire_date: z.string().nullable(),
});
// name_my / content_my: the Burmese texts, only when the committee gave them (decision 106).
const named = { id: z.number().int(), name: z.string(), name_my: z.string().optional() };
export const disciplineAnswer = z.object(named);
export const disciplineTree = z.object({
  ...named,
  sub_disciplines: z.array(
    z.object({
      ...named,
      titles: z.array(
        z.object({
          ...named,
          sub_titles: z.array(
            z.object({
              ...named,
              items: z.array(z.object({ ...named, content: z.string().nullable(), content_my: z.string().optional() })),
            }),
          ),
        }),
      ),
    }),
  ),
});
const searchHit = z.object({
  document_id: z.number().int(),
  title: z.string(),
  page_number: z.number().int(),
  snippet: z.string().describe('HTML-escaped text whose only tags are <mark> and </mark>.'),
});

/** A prepared whole list: 200 with an ETag, or 304 when If-None-Match matches. */
export const prepared = {
  304: emptyAnswer('Not modified: the If-None-Match ETag is current.'),
} as const;
export const preparedHeaders = {
  ETag: { description: 'A hash of the JSON; send it back as If-None-Match.', required: false },
  'Cache-Control': { description: '`no-cache`: revalidate with the ETag.', required: false },
} as const;
const download = {
  ...preparedHeaders,
  'Content-Disposition': { description: 'attachment; with the file name.', required: false },
} as const;

/**
 * What a whole list answered before Fastify shares (docs/decisions/028, 061; a group's base,
 * 114-declaration-bases.md): its headers; its answers add `...prepared`.
 */
export const preparedBase = { fastPath: 'prepared', headers: preparedHeaders } as const;
/** The two open-data files: prepared lists any site may read (docs/decisions/085). */
const openDataBase = { fastPath: 'prepared', tags: ['open-data'], headers: download, openToAll: true } as const;
/** What the two open-data files share (docs/decisions/047-open-data.md). */
const OPEN_DATA_DESCRIPTION =
  'The same prepared list as GET /api/project-list, highest `rn_number` first, under Creative Commons Attribution 4.0. Carries `Last-Modified` (when the list last changed): `If-None-Match` with the ETag, or without it `If-Modified-Since` not before `Last-Modified`, gives 304.';

export const publicListEndpoints = endpoints({
  'GET /api/project-list': {
    ...preparedBase,
    operationId: 'listProjects',
    summary:
      'The public projects: the whole list, or one page when any of page, per_page, project, status or location is given.',
    description:
      'Highest `rn_number` first. Filter text is trimmed, control characters dropped, `%` and `_` plain; `project` and `location` match part of the name or of the township, district or state, ignoring case; an unknown `status` gives no rows. `meta.statuses` lists every status in the whole list (the filter’s options); a page past the end answers `data: []`.',
    tags: ['projects'],
    query: ProjectListQuerySchema,
    answers: {
      200: z.union([
        z.object({ data: z.array(projectAnswer) }),
        z.object({
          data: z.array(projectAnswer),
          meta: z.object({
            total: z.number().int(),
            page: z.number().int(),
            per_page: z.number().int(),
            last_page: z.number().int(),
            statuses: z.array(z.string()),
          }),
        }),
      ]),
      ...prepared,
    },
  },
  'GET /api/project-list/:id': {
    operationId: 'getProject',
    summary: 'One public project, with its construction stages and inspections done once approved.',
    description:
      'An unknown or malformed id is a 404 (`Project not found`). `construction` (null before approval) has the reference, the current stage, the stages reported with their dates, and the inspections done as date, kind and outcome only: no names, notes or remarks.',
    tags: ['projects'],
    params: idParamsSchema,
    answers: { 200: dataOf(projectDetailAnswer) },
    errors: { 404: 'No such project.' },
  },
  'GET /api/open-data/projects.json': {
    ...openDataBase,
    operationId: 'openDataProjectsJson',
    summary: 'The public project list as open data (JSON, the same as GET /api/project-list).',
    description: OPEN_DATA_DESCRIPTION,
    answers: { 200: z.object({ data: z.array(projectAnswer) }), ...prepared },
  },
  'GET /api/open-data/projects.csv': {
    ...openDataBase,
    operationId: 'openDataProjectsCsv',
    summary: 'The public project list as open data (CSV, RFC 4180, UTF-8 with a byte-order mark).',
    description: `${OPEN_DATA_DESCRIPTION} A header row of the Project fields in the specification’s order; a text starting with \`=\`, \`+\`, \`-\`, \`@\`, tab or CR gets a leading \`'\`.`,
    answers: { 200: fileAnswer('text/csv; charset=utf-8; header=present', 'The projects, one a row.'), ...prepared },
  },
  'GET /api/eiet-list': {
    ...preparedBase,
    operationId: 'listEietCompanies',
    summary: 'The registered EIET companies.',
    tags: ['registries'],
    answers: { 200: z.object({ status: z.literal('success'), eietList: z.array(eietCompanyAnswer) }), ...prepared },
  },
  'GET /api/pile-list': {
    ...preparedBase,
    operationId: 'listPileCompanies',
    summary: 'The registered pile companies.',
    tags: ['registries'],
    answers: { 200: z.object({ status: z.literal('success'), pileList: z.array(pileCompanyAnswer) }), ...prepared },
  },
  'GET /api/v1/recommendations/disciplines': {
    ...preparedBase,
    operationId: 'listRecommendationDisciplines',
    summary: 'The disciplines of the technical recommendations.',
    tags: ['recommendations'],
    answers: { 200: z.object({ data: z.object({ data: z.array(disciplineAnswer) }) }), ...prepared },
  },
  'GET /api/v1/recommendations/hierarchy': {
    ...preparedBase,
    operationId: 'getRecommendationHierarchy',
    summary: 'The recommendation tree: every discipline, or the one of discipline_id.',
    description: 'An unknown `discipline_id` gives an empty list; one that is not a whole number is a 422.',
    tags: ['recommendations'],
    query: z.object({
      // Empty means no filter; one regex keeps the field's own message (a union would say "Invalid input").
      discipline_id: z
        .string({ error: 'integer|discipline_id' })
        .regex(/^(\d{1,9})?$/, 'integer|discipline_id')
        .optional()
        .transform((v) => (v ? Number(v) : undefined)),
    }),
    answers: { 200: z.object({ data: z.object({ data: z.array(disciplineTree) }) }), ...prepared },
  },
  'GET /api/library/search': {
    fastPath: 'queried',
    operationId: 'searchLibrary',
    summary: 'Full-text search of the library’s volumes (English and Burmese).',
    description:
      'Myanmar script is matched as substrings ignoring case, spaces and line breaks; other text by words (each also as a prefix), best-ranked pages first, falling back to substrings. At most 50 hits. `snippet` is HTML-escaped text whose only markup is `<mark>` around each match: split on the marks, never insert it as HTML. `page_number` counts as a PDF viewer does.',
    tags: ['library'],
    // Each search scans page text; a generous per-address limit keeps one client from hogging it.
    rateLimit: { max: 60, timeWindow: 60_000 },
    query: LibrarySearchQuerySchema,
    answers: { 200: dataOf(z.array(searchHit)) },
  },
  'GET /api/v1/site/contact': {
    operationId: 'getSiteContact',
    summary: 'The committee’s contact details (the Contact, Privacy and Terms pages).',
    tags: ['site'],
    answers: {
      200: z.object({
        status: z.literal('success'),
        contact: z.object({
          address: z.object({ en: z.string(), my: z.string() }),
          email: z.string(),
          phone: z.string(),
          hours: z.object({ en: z.string(), my: z.string() }),
        }),
      }),
    },
  },
});

export type Checks = [
  Assert<Same<z.output<typeof projectAnswer>, Project>>,
  Assert<Same<z.output<typeof projectDetailAnswer>, ProjectDetail>>,
  Assert<Same<z.output<typeof eietCompanyAnswer>, EietCompany>>,
  Assert<Same<z.output<typeof pileCompanyAnswer>, PileCompany>>,
  Assert<Same<z.output<typeof disciplineTree>, DisciplineTree>>,
  Assert<Same<z.output<typeof searchHit>, LibrarySearchHit>>,
];
