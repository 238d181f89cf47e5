import type {
  ChangeReport,
  ChangeReportKind,
  ChangeReportStatus,
  ChangeReportSignoff,
} from '@hpbc/shared/change-reports';
import type { Discipline } from '@hpbc/shared/counterpart-review';
import type { Db } from '../../db/client';
import { documentsRepository, type DocumentRow } from '../documents/documents.repository';
import { changeReportsRepository, type ChangeReportRow } from './change-reports.repository';

/**
 * What a change report is made of, read by every registration answer (reviews.core.ts's
 * reviewParts) and by the change reports' service. The content hash itself is reviews.core's:
 * it is passed in as `hashOf`, so that this file and reviews.core do not import each other.
 */

/** The content hash of a registration's data with these documents as its current ones. */
export type HashOf = (documents: DocumentRow[]) => string;

/**
 * The approved set as it will be once the report's revisions are in it: each revised sheet
 * (a discipline and a number) replaces the current one, a new sheet is added.
 */
export function proposedSet(current: DocumentRow[], revised: DocumentRow[]): DocumentRow[] {
  const key = (d: DocumentRow) => `${d.discipline}|${d.number}`;
  const replaced = new Set(revised.map(key));
  return [
    ...current.filter((d) => d.status === 'current' && !replaced.has(key(d))),
    ...revised.map((d) => ({ ...d, status: 'current' })),
  ];
}

/** The hash an open report's countersignatures sign: today's approved set with its revisions. */
export async function openReportHash(db: Db, report: { id: number }, hashOf: HashOf, registrationId: number) {
  const [current, revised] = await Promise.all([
    documentsRepository(db).current(registrationId),
    changeReportsRepository(db).documents([report.id]),
  ]);
  return hashOf(proposedSet(current, revised));
}

/** Every change report of a registration, newest first, as its answers carry them. */
export async function changeReportsOf(db: Db, registrationId: number, hashOf: HashOf): Promise<ChangeReport[]> {
  const repo = changeReportsRepository(db);
  const rows = await repo.ofRegistration(registrationId);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [signoffs, comments, documents, current] = await Promise.all([
    repo.signoffs(ids),
    repo.comments(ids),
    repo.documents(ids),
    documentsRepository(db).current(registrationId),
  ]);
  return rows.map((r) => {
    const revised = documents.filter((d) => d.changeReportId === r.id);
    // An open report's hash follows the approved set (another report approved first makes it
    // stale); a closed one keeps the hash it ended with.
    const hash = r.status === 'open' ? hashOf(proposedSet(current, revised)) : r.contentSha256;
    return toChangeReport(
      r,
      revised,
      signoffs.filter((s) => s.changeReportId === r.id),
      comments.filter((c) => c.changeReportId === r.id),
      hash,
    );
  });
}

function toChangeReport(
  r: ChangeReportRow,
  revised: DocumentRow[],
  signoffs: Awaited<ReturnType<ReturnType<typeof changeReportsRepository>['signoffs']>>,
  comments: Awaited<ReturnType<ReturnType<typeof changeReportsRepository>['comments']>>,
  hash: string,
): ChangeReport {
  return {
    id: r.id,
    registration_id: r.registrationId,
    kind: r.kind as ChangeReportKind,
    status: r.status as ChangeReportStatus,
    description: r.description,
    content_sha256: hash,
    documents: revised.map((d) => ({
      id: d.id,
      discipline: d.discipline as Discipline,
      number: d.number,
      title: d.title,
      revision: d.revision,
      replaces_id: d.replacesId,
    })),
    disciplines: r.disciplines as Discipline[],
    signoffs: signoffs.map((s) => ({
      discipline: s.discipline as Discipline,
      kind: s.kind as ChangeReportSignoff['kind'],
      name: s.name,
      license: s.license,
      signed_at: s.signedAt.toISOString(),
      content_sha256: s.contentSha256,
      // An acknowledgement is of the report itself; a countersignature of its content hash.
      current: s.kind === 'acknowledged' || s.contentSha256 === hash,
    })),
    comments: comments.map((c) => ({
      id: c.id,
      discipline: c.discipline as Discipline,
      text: c.text,
      author: { name: c.authorName },
      created_at: c.createdAt.toISOString(),
    })),
    decision_note: r.decisionNote,
    created_at: r.createdAt.toISOString(),
    decided_at: r.decidedAt?.toISOString() ?? null,
  };
}
