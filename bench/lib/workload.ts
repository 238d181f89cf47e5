// The mixed workload of a national deadline day (issue 31), written down once: what the
// requests to the portal are made of, and how each is built. `bench/mixed-load.ts`
// sends them at a fixed rate from many client addresses.
//
// The proportions follow how the portal is used: most requests are the public reading the
// lists, the library and verification pages (the committee's published work), then
// developers working on Form One (autosave sends a save about once a second while someone
// types, so saves outnumber every other write), counterparts reading their queue and
// commenting, companies reading their inboxes, a few sign-ins (argon2: the costliest request
// there is), new drafts, submissions and design-document uploads.
import { completeFormOne } from '@hpbc/shared/form-one.fixture';

export interface Req {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** Accounts and ids the workload acts on, gathered before the load starts (`prepareWorkload`). */
export interface WorkContext {
  projectIds: number[];
  references: string[];
  entryScript: string;
  /** Developers, each with a token and a draft of their own (the per-account limits are real). */
  developers: { email: string; password: string; token: string; draftId: number }[];
  counterpart: { token: string; reviewIds: number[] };
  company: { token: string };
  admin: { token: string };
}

export interface WorkItem {
  name: string;
  /** Its share of the requests, relative to the others' (the results give it per 1000). */
  weight: number;
  build(ctx: WorkContext, n: number): Req;
}

const json = (token?: string): Record<string, string> => ({
  'content-type': 'application/json',
  accept: 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});
const browser = { accept: '*/*', 'accept-encoding': 'br, gzip' };
const pick = <T>(list: T[], n: number): T => list[n % list.length]!;
/** Terms people search the code and the project list for (English and Burmese). */
const SEARCHES = ['fire', 'stair', 'load', 'exit', 'concrete', 'wind', 'ခွင့်ပြုချက်', 'မီး', 'pile', 'lift'];
const PROJECT_SEARCHES = ['Tower', 'Yangon', 'Hospital', 'Mandalay', 'School', 'ရန်ကုန်'];

export const WORKLOAD: WorkItem[] = [
  // ---- the public (no account) -------------------------------------------------------------
  { name: 'home page (HTML)', weight: 45, build: () => ({ method: 'GET', path: '/', headers: browser }) },
  {
    name: 'project list page (HTML)',
    weight: 30,
    build: () => ({ method: 'GET', path: '/project-list', headers: browser }),
  },
  {
    name: 'entry script (static)',
    weight: 30,
    build: (c) => ({ method: 'GET', path: c.entryScript, headers: browser }),
  },
  {
    name: 'project list, a page',
    weight: 110,
    build: (_c, n) => ({ method: 'GET', path: `/api/project-list?page=${(n % 12) + 1}&per_page=25`, headers: browser }),
  },
  {
    name: 'project list, searched',
    weight: 40,
    build: (_c, n) => ({
      method: 'GET',
      path: `/api/project-list?project=${encodeURIComponent(pick(PROJECT_SEARCHES, n))}&per_page=25`,
      headers: browser,
    }),
  },
  {
    name: 'whole project list',
    weight: 20,
    build: () => ({ method: 'GET', path: '/api/project-list', headers: browser }),
  },
  {
    name: 'one project',
    weight: 60,
    build: (c, n) => ({ method: 'GET', path: `/api/project-list/${pick(c.projectIds, n)}`, headers: browser }),
  },
  { name: 'EIET list', weight: 40, build: () => ({ method: 'GET', path: '/api/eiet-list', headers: browser }) },
  { name: 'pile list', weight: 20, build: () => ({ method: 'GET', path: '/api/pile-list', headers: browser }) },
  {
    name: 'recommendation disciplines',
    weight: 20,
    build: () => ({ method: 'GET', path: '/api/v1/recommendations/disciplines', headers: browser }),
  },
  {
    name: 'library search',
    weight: 50,
    build: (_c, n) => ({
      method: 'GET',
      path: `/api/library/search?q=${encodeURIComponent(pick(SEARCHES, n))}`,
      headers: browser,
    }),
  },
  {
    name: 'verification',
    weight: 30,
    build: (c, n) => ({
      method: 'GET',
      path: `/api/verify/${encodeURIComponent(pick(c.references, n))}`,
      headers: browser,
    }),
  },
  { name: 'statistics', weight: 15, build: () => ({ method: 'GET', path: '/api/statistics', headers: browser }) },

  // ---- developers ---------------------------------------------------------------------------
  {
    name: 'sign-in',
    weight: 10,
    build: (c, n) => {
      const d = pick(c.developers, n);
      return {
        method: 'POST',
        path: '/api/user/login',
        headers: json(),
        body: JSON.stringify({ email: d.email, password: d.password, remember: false, type: 'user' }),
      };
    },
  },
  {
    name: 'who am I',
    weight: 55,
    build: (c, n) => ({ method: 'GET', path: '/api/user', headers: json(pick(c.developers, n).token) }),
  },
  {
    name: 'unread notices',
    weight: 80,
    build: (c, n) => ({ method: 'GET', path: '/api/notices/unread-count', headers: json(pick(c.developers, n).token) }),
  },
  {
    name: 'my registrations',
    weight: 40,
    build: (c, n) => ({ method: 'GET', path: '/api/registrations', headers: json(pick(c.developers, n).token) }),
  },
  {
    name: 'one of my registrations',
    weight: 30,
    build: (c, n) => {
      const d = pick(c.developers, n);
      return { method: 'GET', path: `/api/registrations/${d.draftId}`, headers: json(d.token) };
    },
  },
  {
    name: 'Form One save',
    weight: 60,
    build: (c, n) => {
      const d = pick(c.developers, n);
      const data = completeFormOne({ project_name: `Bench tower ${n}` });
      return {
        method: 'PUT',
        path: `/api/registrations/${d.draftId}/draft`,
        headers: json(d.token),
        body: JSON.stringify({ data }),
      };
    },
  },
  {
    name: 'new draft',
    weight: 3,
    build: (c, n) => ({
      method: 'POST',
      path: '/api/registrations',
      headers: json(pick(c.developers, n).token),
      body: JSON.stringify({ data: { project_name: `Bench draft ${n}` } }),
    }),
  },
  {
    name: 'submission (a new registration, complete)',
    weight: 2,
    build: (c, n) => ({
      // `POST /api/registrations` with complete answers, then its submit: the submit is sent
      // by the generator as the follow-up of this request (see `followUp`).
      method: 'POST',
      path: '/api/registrations',
      headers: json(pick(c.developers, n).token),
      body: JSON.stringify({ data: completeFormOne({ project_name: `Bench submission ${n}` }) }),
    }),
  },
  {
    name: 'design document upload (tus, 64 KiB)',
    weight: 3,
    build: (c, n) => {
      const d = pick(c.developers, n);
      return {
        method: 'POST',
        path: '/api/uploads',
        headers: {
          authorization: `Bearer ${d.token}`,
          'tus-resumable': '1.0.0',
          'upload-length': String(UPLOAD_BYTES),
          'upload-metadata': `filename ${Buffer.from('sheet.pdf').toString('base64')},registration_id ${Buffer.from(String(d.draftId)).toString('base64')}`,
        },
      };
    },
  },

  // ---- counterparts, companies, the committee ---------------------------------------------
  {
    name: 'review queue',
    weight: 20,
    build: (c) => ({ method: 'GET', path: '/api/reviews', headers: json(c.counterpart.token) }),
  },
  {
    name: 'one review',
    weight: 20,
    build: (c, n) => ({
      method: 'GET',
      path: `/api/reviews/${pick(c.counterpart.reviewIds, n)}`,
      headers: json(c.counterpart.token),
    }),
  },
  {
    name: 'company inbox',
    weight: 20,
    build: (c) => ({ method: 'GET', path: '/api/company/service-requests', headers: json(c.company.token) }),
  },
  {
    name: 'company registrations',
    weight: 10,
    build: (c) => ({ method: 'GET', path: '/api/company/registrations', headers: json(c.company.token) }),
  },
  {
    name: 'admin dashboard',
    weight: 5,
    build: (c) => ({ method: 'GET', path: '/api/admin/dashboard', headers: json(c.admin.token) }),
  },
];

export const UPLOAD_BYTES = 64 * 1024;

/**
 * The second request of a two-step item, built from the first one's answer: a submission
 * submits the registration it created; an upload sends its bytes to the address it got.
 */
export function followUp(
  item: WorkItem,
  req: Req,
  status: number,
  headers: Record<string, string | string[] | undefined>,
  body: string,
): Req | undefined {
  if (item.name.startsWith('submission') && status === 201) {
    const id = (JSON.parse(body) as { data: { id: number } }).data.id;
    return { method: 'POST', path: `/api/registrations/${id}/submit`, headers: req.headers };
  }
  if (item.name.startsWith('design document upload') && status === 201) {
    const location = String(headers.location ?? '');
    const path = location.startsWith('http') ? new URL(location).pathname : location;
    return {
      method: 'PATCH',
      path,
      headers: {
        authorization: req.headers!.authorization!,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: Buffer.alloc(UPLOAD_BYTES, 0x20),
    };
  }
  return undefined;
}

/** Each item's share, for the results. */
export function workloadTable(): { name: string; per_1000: number }[] {
  const total = WORKLOAD.reduce((sum, w) => sum + w.weight, 0);
  return WORKLOAD.map((w) => ({ name: w.name, per_1000: Math.round((w.weight * 1000) / total) }));
}
