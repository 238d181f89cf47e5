import { desc, eq, inArray } from 'drizzle-orm';
import { STATUS } from '@hpbc/shared/registration-workflow';
import type { Db } from '../client';
import { concerns, notices, registrations, users } from '../schema/index';
import { isEmpty } from './rows';

const DAY = 86_400_000;

/**
 * Demo notices and public concerns (issue 27, items 5 and 6), after the registrations: the
 * submitter and the administrator find a few notices under the bell (some read, some not),
 * and the approved demo registration has concerns about its site: one answered and
 * published, one waiting past its target, one that came in today. Real notices come from
 * the outbox as mail is queued; these stand for the mail of the demo's past.
 */
export async function seedNoticesDemo(ctx: { now: Date }, tx: Db): Promise<void> {
  if (!(await isEmpty(tx, 'notices')) || !(await isEmpty(tx, 'concerns'))) return;
  const at = (days: number) => new Date(ctx.now.getTime() - days * DAY);
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['project@hpbc.test', 'admin@hpbc.test']));
  const submitter = people.find((p) => p.email === 'project@hpbc.test');
  const admin = people.find((p) => p.email === 'admin@hpbc.test');
  if (!submitter || !admin) return;
  const mine = await tx
    .select({ id: registrations.id, status: registrations.status, reference: registrations.referenceNumber })
    .from(registrations)
    .where(eq(registrations.userId, submitter.id))
    .orderBy(desc(registrations.id));
  const approved = mine.find((r) => r.status === STATUS.approved);
  const returned = mine.find((r) => r.status === STATUS.returned);

  await tx.insert(notices).values([
    ...(approved
      ? [
          {
            userId: submitter.id,
            kind: 'registration_decision',
            title: `HPBC - ${approved.reference}: Approved`,
            body: 'The committee has approved your registration. You can now print the site signboard.',
            link: `/user/projects/${approved.id}`,
            createdAt: at(21),
            readAt: at(20),
          },
        ]
      : []),
    ...(returned
      ? [
          {
            userId: submitter.id,
            kind: 'changes_requested',
            title: `HPBC - ${returned.reference}: changes requested`,
            body: 'A national counterpart asks for changes before countersigning. Please answer within the working-day target.',
            link: `/user/projects/${returned.id}`,
            createdAt: at(4),
            readAt: null,
          },
        ]
      : []),
    ...(returned
      ? [
          {
            userId: submitter.id,
            kind: 'reminder',
            title: `HPBC - ${returned.reference}: 2 working days left`,
            body: "Only 2 working days are left for the submitter's answer to a change request.",
            link: `/user/projects/${returned.id}`,
            createdAt: at(1),
            readAt: null,
          },
        ]
      : []),
    {
      userId: admin.id,
      kind: 'staff',
      title: approved ? `HPBC - ${approved.reference}: a new public concern` : 'HPBC - a new public concern',
      body: 'A member of the public sent a concern about a site. Please answer it within the working-day target.',
      link: '/admin/concerns',
      createdAt: at(0),
      readAt: null,
    },
  ]);

  if (!approved) return;
  await tx.insert(concerns).values([
    {
      registrationId: approved.id,
      message: 'Trucks leave the site without washing their wheels; the road to the school is covered in mud.',
      name: 'Ko Zaw',
      email: 'ko.zaw@example.test',
      locale: 'en',
      receivedAt: at(14),
      answer: 'The contractor has set up a wheel wash at the gate; an inspector checked it on site.',
      answeredAt: at(10),
      answeredBy: admin.id,
      published: true,
    },
    {
      registrationId: approved.id,
      message: 'လုပ်ငန်းခွင်ရှိ ငြမ်းများတွင် ညဘက် မီးမထွန်းထားပါ။ လမ်းသွားလမ်းလာများအတွက် အန္တရာယ်ရှိပါသည်။',
      name: null,
      email: null,
      locale: 'my',
      receivedAt: at(12),
    },
    {
      registrationId: approved.id,
      message: 'Concrete pumping continues after 10 pm on weekdays.',
      name: 'Daw Hla',
      email: 'daw.hla@example.test',
      locale: 'en',
      receivedAt: at(0),
    },
  ]);
}
