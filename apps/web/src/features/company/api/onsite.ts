import { call } from '../../../lib/api-client';
import { onsiteRecord } from './company';
import { onsiteDb, rememberOwner, type KeptDay } from '../offline/onsite-db';

/**
 * Loads the day's work from the server and keeps it on the phone (decision 098): the
 * inspections of the company's registrations, the checklists, each registration's current
 * drawings and what is already recorded of each open inspection. Throws when offline; what
 * was kept before stays.
 */
export async function keepTheDay(owner: number): Promise<KeptDay> {
  const [registrations, checklists] = await Promise.all([
    call('GET /api/company/registrations').then((a) => a.data),
    call('GET /api/company/checklists').then((a) => a.data),
  ]);
  const open = registrations.filter((r) => r.inspections.some((i) => i.status === 'scheduled'));
  const documents: KeptDay['documents'] = {};
  const records: KeptDay['records'] = {};
  await Promise.all(
    open.map(async (r) => {
      const docs = await call('GET /api/registrations/:id/documents', { params: { id: r.id } })
        .then((a) => a.data)
        .catch(() => []);
      documents[r.id] = docs
        .filter((d) => d.status === 'current')
        .map((d) => ({ number: d.number, title: d.title, revision: d.revision, discipline: d.discipline }));
      for (const i of r.inspections.filter((x) => x.status === 'scheduled')) {
        records[i.id] = await onsiteRecord(i.id);
      }
    }),
  );
  const day: KeptDay = { owner, saved_at: new Date().toISOString(), registrations, checklists, documents, records };
  await onsiteDb.days.put(day);
  rememberOwner(owner);
  return day;
}
