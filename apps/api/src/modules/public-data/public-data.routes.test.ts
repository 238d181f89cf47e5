import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, uniqueIp, type TestUser } from '../../../test/accounts';

let t: TestApp;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.database, { admin: true, email: 'editor@admin.test', name: 'Daw Editor' });
  member = await createUser(t.database, { roles: ['project', 'eiet'] });
});
afterAll(async () => t.close());

async function call(token: string | undefined, opts: InjectOptions) {
  const headers: Record<string, string> = { 'accept-language': 'en', ...(opts.headers as Record<string, string>) };
  if (token) headers.authorization = `Bearer ${token}`;
  return t.app.inject({ remoteAddress: uniqueIp(), ...opts, headers });
}
const asAdmin = (opts: InjectOptions) => call(admin.token, opts);

async function auditOf(recordType: string, recordId: number | string) {
  const res = await asAdmin({ url: `/api/admin/audit-log?record_type=${recordType}&record_id=${recordId}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { action: string; before: unknown; after: unknown; actor_email: string; ip: string }[];
}

const project = {
  rn_number: 900001,
  project_name: 'Audit Tower',
  developer: 'Shwe Builders',
  status: 'Active',
  basement: 1,
  storey: 12,
  building_height: 40.5,
  location: 'Kamayut',
  region: 'Yangon West',
  state: 'Yangon',
};
const eiet = {
  eiet_name: 'Test Inspection Team',
  ceo_name: 'U Test',
  office_address: 'No. 1, Test Road',
  email_address: 'team@eiet.test',
  phone_number: '09 123 456',
  issue_certificate_date: '2025-01-01',
  certificate_expire_date: '2027-01-01',
};
const pile = {
  company_name: 'Test Piling Co',
  item: 'Bored piling',
  address: 'No. 2, Pile Road',
  email_address: 'pile@pile.test',
  phone_number: '09 987 654',
  issue_certificate_date: '2025-02-01',
  certificate_expire_date: '2026-02-01',
};

describe('access to every new admin route', () => {
  const routes: [InjectOptions['method'], string][] = [
    ['GET', '/api/admin/audit-log'],
    ['GET', '/api/admin/audit-log.csv'],
    ['GET', '/api/admin/recommendations'],
    ['POST', '/api/admin/recommendations/discipline'],
    ['PUT', '/api/admin/recommendations/discipline/1'],
    ['DELETE', '/api/admin/recommendations/discipline/1'],
  ];
  for (const base of ['/api/admin/projects', '/api/admin/eiet-companies', '/api/admin/pile-companies']) {
    routes.push(
      ['GET', base],
      ['POST', base],
      ['GET', `${base}/1`],
      ['PUT', `${base}/1`],
      ['POST', `${base}/1/retire`],
      ['POST', `${base}/1/restore`],
    );
  }
  it.each(routes)('%s %s: 401 for guests, 403 for signed-in non-admins', async (method, url) => {
    expect((await call(undefined, { method, url, payload: {} })).statusCode).toBe(401);
    const res = await call(member.token, { method, url, payload: {} });
    expect(res.statusCode).toBe(403);
    const unverified = await createUser(t.database, { admin: true, verified: false });
    expect((await call(unverified.token, { method, url, payload: {} })).statusCode).toBe(403);
  });
});

describe('projects', () => {
  let id: number;

  it('refuses an empty project with an error on every field', async () => {
    const res = await asAdmin({ method: 'POST', url: '/api/admin/projects', payload: { status: 'Nope' } });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(
      [
        // The height may be left blank ("not given"), issue 28 item 6.
        'basement',
        'developer',
        'location',
        'project_name',
        'region',
        'rn_number',
        'state',
        'status',
        'storey',
      ].sort(),
    );
    expect(errors.project_name).toEqual(['The project name field is required.']);
    expect(errors.status).toEqual(['The selected status is invalid.']);
  });

  it('creates a project, which the public list shows at once, and logs it', async () => {
    const res = await asAdmin({ method: 'POST', url: '/api/admin/projects', payload: project });
    expect(res.statusCode).toBe(201);
    id = res.json().data.id;
    expect(res.json().data).toMatchObject({ ...project, retired_at: null });

    const list = await call(undefined, { url: '/api/project-list' });
    expect(list.json().data.map((p: { id: number }) => p.id)).toContain(id);

    const entries = await auditOf('project', id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'create', before: null, actor_email: 'editor@admin.test' });
    expect(entries[0]!.after).toMatchObject(project);
    expect(entries[0]!.ip).toMatch(/^10\./);
  });

  it('keeps a blank building height as not given, and refuses one that is not a height on that field (issue 28, item 6)', async () => {
    const blank = { ...project, rn_number: 900002, project_name: 'No Height Tower', building_height: '' };
    const res = await asAdmin({ method: 'POST', url: '/api/admin/projects', payload: blank });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data.id as number;
    const one = await call(undefined, { url: `/api/project-list/${created}` });
    expect(one.json().data).toMatchObject({ project_name: 'No Height Tower', building_height: null });
    for (const building_height of [0, -3, 'tall', 1001]) {
      const bad = await asAdmin({
        method: 'PUT',
        url: `/api/admin/projects/${created}`,
        payload: { ...blank, building_height },
      });
      expect(bad.statusCode, String(building_height)).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(['building_height']);
    }
  });

  it('refuses a second project with the same RN number on that field', async () => {
    const res = await asAdmin({ method: 'POST', url: '/api/admin/projects', payload: project });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ rn_number: ['The RN number has already been taken.'] });
  });

  it('edits a project, logging before and after', async () => {
    const res = await asAdmin({
      method: 'PUT',
      url: `/api/admin/projects/${id}`,
      payload: { ...project, storey: 14 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.storey).toBe(14);
    const detail = await call(undefined, { url: `/api/project-list/${id}` });
    expect(detail.json().data.storey).toBe(14);
    const [latest] = await auditOf('project', id);
    expect(latest).toMatchObject({ action: 'update', before: { storey: 12 }, after: { storey: 14 } });
  });

  it('retires a project out of the public list and detail, then restores it', async () => {
    const retired = await asAdmin({ method: 'POST', url: `/api/admin/projects/${id}/retire` });
    expect(retired.statusCode).toBe(200);
    expect(retired.json().data.retired_at).toEqual(expect.any(String));
    const list = await call(undefined, { url: '/api/project-list' });
    expect(list.json().data.map((p: { id: number }) => p.id)).not.toContain(id);
    const paged = await call(undefined, { url: '/api/project-list?project=Audit%20Tower&page=1' });
    expect(paged.json().meta.total).toBe(0);
    expect((await call(undefined, { url: `/api/project-list/${id}` })).statusCode).toBe(404);

    // The admin table still finds it among the retired ones.
    const table = await asAdmin({ url: '/api/admin/projects?retired=retired&q=audit%20tower' });
    expect(table.json().data.map((p: { id: number }) => p.id)).toEqual([id]);
    const active = await asAdmin({ url: '/api/admin/projects?q=audit%20tower' });
    expect(active.json().meta.total).toBe(0);

    const restored = await asAdmin({ method: 'POST', url: `/api/admin/projects/${id}/restore` });
    expect(restored.json().data.retired_at).toBeNull();
    expect((await call(undefined, { url: `/api/project-list/${id}` })).statusCode).toBe(200);

    const [restore, retire] = await auditOf('project', id);
    expect(retire).toMatchObject({
      action: 'retire',
      before: { retired_at: null },
      after: { retired_at: expect.any(String) },
    });
    expect(restore).toMatchObject({
      action: 'restore',
      before: { retired_at: expect.any(String) },
      after: { retired_at: null },
    });
  });

  it('pages, sorts and searches on the server', async () => {
    for (let i = 0; i < 11; i++) {
      const res = await asAdmin({
        method: 'POST',
        url: '/api/admin/projects',
        payload: { ...project, rn_number: 910000 + i, project_name: `Paged ${String.fromCharCode(75 - i)}` },
      });
      expect(res.statusCode).toBe(201);
    }
    const search = await asAdmin({ url: '/api/admin/projects?q=paged&sort=project_name&dir=desc&per_page=3' });
    expect(search.json().meta.total).toBe(11);
    expect(search.json().data.map((p: { project_name: string }) => p.project_name)).toEqual([
      'Paged K',
      'Paged J',
      'Paged I',
    ]);
    const byRn = await asAdmin({ url: '/api/admin/projects?q=910003' });
    expect(byRn.json().data.map((p: { rn_number: number }) => p.rn_number)).toEqual([910003]);
    const res = await asAdmin({ url: '/api/admin/projects?per_page=5&page=2&sort=project_name&dir=asc' });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toMatchObject({ page: 2, per_page: 5 });
    const names = res.json().data.map((p: { project_name: string }) => p.project_name);
    expect(names).toHaveLength(5);
    const bad = await asAdmin({ url: '/api/admin/projects?sort=password&per_page=1000' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['per_page', 'sort']);
  });

  it('answers 404 for an unknown project', async () => {
    expect((await asAdmin({ method: 'PUT', url: '/api/admin/projects/999999', payload: project })).statusCode).toBe(
      404,
    );
    expect((await asAdmin({ method: 'POST', url: '/api/admin/projects/abc/retire' })).statusCode).toBe(404);
  });
});

describe('EIET and pile companies', () => {
  it('checks certificate dates: the expiry comes after the issue', async () => {
    const res = await asAdmin({
      method: 'POST',
      url: '/api/admin/eiet-companies',
      payload: { ...eiet, certificate_expire_date: '2024-12-31' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      certificate_expire_date: ['The certificate expiry date must be a date after the certificate issue date.'],
    });
    const my = await asAdmin({
      method: 'POST',
      url: '/api/admin/pile-companies',
      headers: { 'accept-language': 'my' },
      payload: { ...pile, issue_certificate_date: '2025-02-30', email_address: 'not an address' },
    });
    expect(my.statusCode).toBe(422);
    expect(Object.keys(my.json().errors).sort()).toEqual(['email_address', 'issue_certificate_date']);
    expect(my.json().errors.issue_certificate_date[0]).toMatch(/မှတ်ပုံတင်လက်မှတ်/);
  });

  it('edits a certificate date, shown on the public list at once, and logged', async () => {
    const created = await asAdmin({ method: 'POST', url: '/api/admin/eiet-companies', payload: eiet });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    // Read the public list once so its prepared answer is built before the edit.
    await call(undefined, { url: '/api/eiet-list' });
    const res = await asAdmin({
      method: 'PUT',
      url: `/api/admin/eiet-companies/${id}`,
      payload: { ...eiet, certificate_expire_date: '2028-06-30' },
    });
    expect(res.statusCode).toBe(200);
    const list = await call(undefined, { url: '/api/eiet-list' });
    const row = list.json().eietList.find((c: { id: number }) => c.id === id);
    expect(row.certificate_expire_date).toBe('2028-06-30');
    const [entry] = await auditOf('eiet_company', id);
    expect(entry).toMatchObject({
      action: 'update',
      before: { certificate_expire_date: '2027-01-01' },
      after: { certificate_expire_date: '2028-06-30' },
    });
  });

  it('retires a pile company: gone from the public list and from service requests', async () => {
    const created = await asAdmin({ method: 'POST', url: '/api/admin/pile-companies', payload: pile });
    const id = created.json().data.id as number;
    await call(undefined, { url: '/api/pile-list' });
    await asAdmin({ method: 'POST', url: `/api/admin/pile-companies/${id}/retire` });
    const list = await call(undefined, { url: '/api/pile-list' });
    expect(list.json().pileList.map((c: { id: number }) => c.id)).not.toContain(id);
    // Retiring twice changes nothing and logs nothing more.
    await asAdmin({ method: 'POST', url: `/api/admin/pile-companies/${id}/retire` });
    expect((await auditOf('pile_company', id)).map((e) => e.action)).toEqual(['retire', 'create']);
  });
});

describe('the recommendation tree', () => {
  it('adds a node under a parent, shown in the public tree at once, and deletes it', async () => {
    const tree = await asAdmin({ url: '/api/admin/recommendations' });
    expect(tree.statusCode).toBe(200);
    await call(undefined, { url: '/api/v1/recommendations/hierarchy' });

    const d = await asAdmin({
      method: 'POST',
      url: '/api/admin/recommendations/discipline',
      payload: { name: 'Fire' },
    });
    expect(d.statusCode).toBe(201);
    const sd = await asAdmin({
      method: 'POST',
      url: '/api/admin/recommendations/sub_discipline',
      payload: { name: 'Fire safety', parent_id: d.json().data.id },
    });
    expect(sd.statusCode).toBe(201);
    expect(sd.json().data).toMatchObject({ name: 'Fire safety', position: 0, parent_id: d.json().data.id });

    const pub = await call(undefined, { url: '/api/v1/recommendations/hierarchy' });
    const fire = pub.json().data.data.find((x: { name: string }) => x.name === 'Fire');
    expect(fire.sub_disciplines.map((x: { name: string }) => x.name)).toEqual(['Fire safety']);

    const missingParent = await asAdmin({
      method: 'POST',
      url: '/api/admin/recommendations/title',
      payload: { name: '' },
    });
    expect(missingParent.statusCode).toBe(422);
    expect(missingParent.json().errors.name).toEqual(['The name field is required.']);
    const badParent = await asAdmin({
      method: 'POST',
      url: '/api/admin/recommendations/title',
      payload: { name: 'x', parent_id: 999999 },
    });
    expect(badParent.json().errors).toEqual({ parent_id: ['The selected parent is invalid.'] });

    const renamed = await asAdmin({
      method: 'PUT',
      url: `/api/admin/recommendations/discipline/${d.json().data.id}`,
      payload: { name: 'Fire protection', position: 99 },
    });
    expect(renamed.json().data).toMatchObject({ name: 'Fire protection', position: 99 });

    const del = await asAdmin({ method: 'DELETE', url: `/api/admin/recommendations/discipline/${d.json().data.id}` });
    expect(del.statusCode).toBe(204);
    const after = await call(undefined, { url: '/api/v1/recommendations/hierarchy' });
    expect(after.json().data.data.map((x: { name: string }) => x.name)).not.toContain('Fire protection');
    const entries = await auditOf('discipline', d.json().data.id);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(entries[1]).toMatchObject({ before: { name: 'Fire' }, after: { name: 'Fire protection' } });
  });

  // Issue 28, item 11 and decision 106: each level's Burmese name, and an item's Burmese text.
  it('saves the Burmese texts of every level, reads them back, and answers them publicly only when given', async () => {
    const add = async (level: string, payload: Record<string, unknown>) => {
      const res = await asAdmin({ method: 'POST', url: `/api/admin/recommendations/${level}`, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: number; name_my: string | null; content_my?: string | null };
    };
    const d = await add('discipline', { name: 'Fire Safety', name_my: '  မီးဘေး လုံခြုံရေး  ' });
    expect(d.name_my).toBe('မီးဘေး လုံခြုံရေး');
    const sd = await add('sub_discipline', {
      name: 'Means of Escape',
      name_my: 'လွတ်မြောက်ရာ လမ်းကြောင်း',
      parent_id: d.id,
    });
    const title = await add('title', { name: 'Exits', parent_id: sd.id });
    expect(title.name_my).toBeNull();
    const st = await add('sub_title', { name: 'Exit Doors', name_my: 'ထွက်ပေါက် တံခါးများ', parent_id: title.id });
    const item = await add('item', {
      name: 'Door swing',
      name_my: 'တံခါး ဖွင့်ရာ ဘက်',
      content: 'Doors open in the direction of escape.',
      content_my: 'တံခါးများကို လွတ်မြောက်ရာ ဘက်သို့ ဖွင့်ရမည်။',
      parent_id: st.id,
    });
    expect(item).toMatchObject({ name_my: 'တံခါး ဖွင့်ရာ ဘက်', content_my: 'တံခါးများကို လွတ်မြောက်ရာ ဘက်သို့ ဖွင့်ရမည်။' });

    // The editor's tree gives every Burmese text, null where none.
    const tree = (await asAdmin({ url: '/api/admin/recommendations' })).json().data as AdminNode[];
    const fire = tree.find((n) => n.id === d.id)!;
    expect(fire.name_my).toBe('မီးဘေး လုံခြုံရေး');
    const exits = fire.children[0]!.children[0]!;
    expect(exits).toMatchObject({ name: 'Exits', name_my: null });
    expect(exits.children[0]!.children[0]).toMatchObject({
      name_my: 'တံခါး ဖွင့်ရာ ဘက်',
      content_my: 'တံခါးများကို လွတ်မြောက်ရာ ဘက်သို့ ဖွင့်ရမည်။',
    });

    // The public answers keep their fields and add name_my / content_my only where given.
    const pub = await call(undefined, { url: `/api/v1/recommendations/hierarchy?discipline_id=${d.id}` });
    const [one] = pub.json().data.data as PublicNode[];
    expect(one).toMatchObject({ id: d.id, name: 'Fire Safety', name_my: 'မီးဘေး လုံခြုံရေး' });
    const pubTitle = one!.sub_disciplines![0]!.titles![0]!;
    expect(Object.keys(pubTitle).sort()).toEqual(['id', 'name', 'sub_titles']);
    expect(pubTitle.sub_titles![0]!.items![0]).toEqual({
      id: item.id,
      name: 'Door swing',
      name_my: 'တံခါး ဖွင့်ရာ ဘက်',
      content: 'Doors open in the direction of escape.',
      content_my: 'တံခါးများကို လွတ်မြောက်ရာ ဘက်သို့ ဖွင့်ရမည်။',
    });
    const list = (await call(undefined, { url: '/api/v1/recommendations/disciplines' })).json().data
      .data as PublicNode[];
    expect(list.find((x) => x.id === d.id)).toEqual({ id: d.id, name: 'Fire Safety', name_my: 'မီးဘေး လုံခြုံရေး' });

    // A change that leaves name_my out keeps it; a blank one removes it.
    const kept = await asAdmin({
      method: 'PUT',
      url: `/api/admin/recommendations/discipline/${d.id}`,
      payload: { name: 'Fire safety' },
    });
    expect(kept.json().data).toMatchObject({ name: 'Fire safety', name_my: 'မီးဘေး လုံခြုံရေး' });
    const cleared = await asAdmin({
      method: 'PUT',
      url: `/api/admin/recommendations/item/${item.id}`,
      payload: { name: 'Door swing', name_my: ' ', content_my: '' },
    });
    expect(cleared.json().data).toMatchObject({
      name_my: null,
      content: 'Doors open in the direction of escape.',
      content_my: null,
    });
    const after = await call(undefined, { url: `/api/v1/recommendations/hierarchy?discipline_id=${d.id}` });
    const plain = (after.json().data.data as PublicNode[])[0]!.sub_disciplines![0]!.titles![0]!.sub_titles![0]!
      .items![0]!;
    expect(Object.keys(plain).sort()).toEqual(['content', 'id', 'name']);
    const entries = await auditOf('recommendation_item', item.id);
    expect(entries[0]).toMatchObject({
      action: 'update',
      before: { name_my: 'တံခါး ဖွင့်ရာ ဘက်' },
      after: { name_my: null },
    });
  });

  it('checks the Burmese texts as it checks the English ones, in either language', async () => {
    const long = await asAdmin({
      method: 'POST',
      url: '/api/admin/recommendations/discipline',
      payload: { name: 'x', name_my: 'က'.repeat(1001) },
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ name_my: ['The name in Burmese may not be greater than 1000 characters.'] });
    const content = await asAdmin({
      method: 'POST',
      url: '/api/admin/recommendations/discipline',
      headers: { 'accept-language': 'my' },
      payload: { name: '', name_my: 5, content_my: 'က'.repeat(20001) },
    });
    expect(content.statusCode).toBe(422);
    expect(Object.keys(content.json().errors).sort()).toEqual(['content_my', 'name', 'name_my']);
    expect(content.json().errors.name_my).toEqual(['မြန်မာဘာသာ အမည် သည် စာသား ဖြစ်ရပါမည်။']);
    expect(content.json().errors.content_my).toEqual(['မြန်မာဘာသာ စာသား သည် စာလုံး ၂၀၀၀၀ လုံးထက် မပိုရပါ။']);
    const nul = await asAdmin({
      method: 'POST',
      url: '/api/admin/recommendations/discipline',
      payload: { name: 'Fire', name_my: 'မီး\u0000' },
    });
    expect(nul.statusCode).toBe(422);
    expect(Object.keys(nul.json().errors)).toEqual(['name_my']);
  });

  it('refuses a Burmese text from anyone but an administrator, and changes nothing', async () => {
    const d = await asAdmin({
      method: 'POST',
      url: '/api/admin/recommendations/discipline',
      payload: { name: 'Lifts' },
    });
    const id = d.json().data.id as number;
    for (const token of [undefined, member.token]) {
      const res = await call(token, {
        method: 'PUT',
        url: `/api/admin/recommendations/discipline/${id}`,
        payload: { name: 'Lifts', name_my: 'ဓာတ်လှေကား' },
      });
      expect(res.statusCode).toBe(token ? 403 : 401);
    }
    const list = (await call(undefined, { url: '/api/v1/recommendations/disciplines' })).json().data
      .data as PublicNode[];
    expect(list.find((x) => x.id === id)).toEqual({ id, name: 'Lifts' });
  });
});

interface AdminNode {
  id: number;
  name: string;
  name_my: string | null;
  content_my?: string | null;
  children: AdminNode[];
}
interface PublicNode {
  id: number;
  name: string;
  name_my?: string;
  sub_disciplines?: PublicNode[];
  titles?: PublicNode[];
  sub_titles?: PublicNode[];
  items?: PublicNode[];
}

describe('the audit log', () => {
  it('records an account change by an administrator', async () => {
    const target = await createUser(t.database, {});
    const res = await asAdmin({
      method: 'PATCH',
      url: `/api/admin/users/${target.id}`,
      payload: { is_admin: true, roles: ['eiet'] },
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await auditOf('user', target.id);
    expect(entry).toMatchObject({
      action: 'update',
      before: { is_admin: false, roles: [], status: 'active' },
      after: { is_admin: true, roles: ['eiet'], status: 'active' },
    });
  });

  it("records the committee's registration decision in the same transaction", async () => {
    const owner = await createUser(t.database, { roles: ['project'] });
    const [row] = await t.database.query<{ id: number }>(
      `INSERT INTO registrations (user_id, status, reference_number, submitted_at, data)
       VALUES ($1, 'Submitted', 'HPBC-2026-990001', now(), '{"project_name":"Audit Plaza"}') RETURNING id`,
      [owner.id],
    );
    const res = await asAdmin({
      method: 'PATCH',
      url: `/api/admin/registrations/${row!.id}/status`,
      payload: { status: 'Under Review' },
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await auditOf('registration', row!.id);
    expect(entry).toMatchObject({
      action: 'status',
      before: { status: 'Submitted', reference_number: 'HPBC-2026-990001' },
      after: { status: 'Under Review' },
    });
  });

  it('cannot be changed or emptied, even with SQL', async () => {
    await expect(t.database.query('UPDATE audit_log SET action = $1', ['forged'])).rejects.toThrow(/append-only/);
    await expect(t.database.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(t.database.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
  });

  it('filters by person, record type and dates, and checks its query per field', async () => {
    const byPerson = await asAdmin({ url: '/api/admin/audit-log?actor=daw%20editor' });
    expect(byPerson.json().meta.total).toBeGreaterThan(5);
    const nobody = await asAdmin({ url: '/api/admin/audit-log?actor=nobody-at-all' });
    expect(nobody.json().meta.total).toBe(0);
    const future = await asAdmin({ url: '/api/admin/audit-log?from=2999-01-01' });
    expect(future.json().meta.total).toBe(0);
    const bad = await asAdmin({ url: '/api/admin/audit-log?record_type=password&from=2026-13-01&page=0' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['from', 'page', 'record_type']);
  });

  it('exports CSV in UTF-8 with a byte order mark, Burmese intact', async () => {
    await asAdmin({
      method: 'POST',
      url: '/api/admin/recommendations/discipline',
      payload: { name: 'မီးဘေး ကာကွယ်ရေး' },
    });
    const res = await asAdmin({ url: '/api/admin/audit-log.csv?record_type=discipline' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.toString('utf8');
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFid,created_at,actor_id,actor_name,actor_email,ip,action,record_type,record_id,before,after',
    );
    expect(text).toContain('မီးဘေး ကာကွယ်ရေး');
    expect(text).not.toMatch(/"project"/);
  });
});
