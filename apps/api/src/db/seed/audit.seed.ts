import { inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { auditLog, users } from '../schema/index';

/**
 * Demo data for the audit log (issue 16): the entries of the demo administrator giving
 * the demo accounts their roles, as the admin screen would have written them, so the
 * audit log has history to filter and export. Only adds rows to the log.
 */
export async function seedAuditDemo(tx: Db, now: Date): Promise<void> {
  const people = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.email, ['admin@hpbc.test', 'project@hpbc.test', 'national@hpbc.test', 'eiet@hpbc.test']));
  const admin = people.find((p) => p.email === 'admin@hpbc.test');
  if (!admin) return;
  const grants: [string, string][] = [
    ['project@hpbc.test', 'project'],
    ['national@hpbc.test', 'national-counterpart'],
    ['eiet@hpbc.test', 'eiet'],
  ];
  const rows = grants.flatMap(([email, role], i) => {
    const person = people.find((p) => p.email === email);
    if (!person) return [];
    return [
      {
        actorId: admin.id,
        actorName: admin.name,
        actorEmail: admin.email,
        ip: '127.0.0.1',
        action: 'update',
        recordType: 'user',
        recordId: String(person.id),
        before: { status: 'active', is_admin: false, roles: [] },
        after: { status: 'active', is_admin: false, roles: [role] },
        createdAt: new Date(now.getTime() - (3 - i) * 3600 * 1000),
      },
    ];
  });
  if (rows.length) await tx.insert(auditLog).values(rows);
}
