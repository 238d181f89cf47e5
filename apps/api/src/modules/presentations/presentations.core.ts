import type { Presentation, PresentationAnswerValue, PresentationInvitee } from '@hpbc/shared/presentations';
import { namedCounterparts } from '@hpbc/shared/counterpart-review';
import { cleanFormOneData } from '@hpbc/shared/form-one';
import type { Db } from '../../db/client';
import { accountsRepository } from '../accounts/accounts.repository';
import { reviewsRepository } from '../registrations/reviews.repository';
import { presentationsRepository, type AnswerRow, type PresentationRow } from './presentations.repository';

/** The owner and every named counterpart (by address, once each): who is invited. */
export async function inviteesOf(
  db: Db,
  row: { userId: number; data: Record<string, unknown> },
): Promise<{ email: string; name: string | null; role: PresentationInvitee['role']; locale: string }[]> {
  const owner = await accountsRepository(db).contact(row.userId);
  const out: { email: string; name: string | null; role: PresentationInvitee['role']; locale: string }[] = [];
  if (owner) out.push({ email: owner.email.toLowerCase(), name: owner.name, role: 'owner', locale: owner.locale });
  const named = namedCounterparts(cleanFormOneData(row.data));
  // A counterpart with an account is invited by name, in their language.
  const accounts = await reviewsRepository(db).counterpartAccounts([...new Set(named.map((n) => n.email))]);
  for (const n of named) {
    if (out.some((o) => o.email === n.email)) continue;
    const account = accounts.find((a) => a.email === n.email);
    out.push({ email: n.email, name: account?.name ?? null, role: 'counterpart', locale: account?.locale ?? 'en' });
  }
  return out;
}

export function toPresentation(
  p: PresentationRow,
  invitees: { email: string; name: string | null; role: PresentationInvitee['role'] }[],
  answers: AnswerRow[],
): Presentation {
  return {
    id: p.id,
    registration_id: p.registrationId,
    starts_at: p.startsAt.toISOString(),
    ends_at: new Date(p.startsAt.getTime() + p.durationMinutes * 60_000).toISOString(),
    place: p.place,
    meeting_url: p.meetingUrl,
    sequence: p.sequence,
    invitees: invitees.map((i) => {
      const a = answers.find((x) => x.presentationId === p.id && x.email === i.email);
      return {
        email: i.email,
        name: i.name,
        role: i.role,
        answer: (a?.answer as PresentationAnswerValue | undefined) ?? null,
        answered_at: a?.answeredAt.toISOString() ?? null,
      };
    }),
    minutes: p.minutes,
    minutes_at: p.minutesAt?.toISOString() ?? null,
    created_at: p.createdAt.toISOString(),
  };
}

/** Every presentation of a registration, as its answers carry them (reviews.core.ts's reviewParts). */
export async function presentationsOf(
  db: Db,
  row: { id: number; userId: number; data: Record<string, unknown> },
): Promise<Presentation[]> {
  const repo = presentationsRepository(db);
  const rows = await repo.ofRegistration(row.id);
  if (rows.length === 0) return [];
  const [invitees, answers] = await Promise.all([inviteesOf(db, row), repo.answers(rows.map((r) => r.id))]);
  return rows.map((p) => toPresentation(p, invitees, answers));
}
