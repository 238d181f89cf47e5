import { queryOptions } from '@tanstack/react-query';
import type { ChangeReport, ChangeReportCreatePayload } from '@hpbc/shared/change-reports';
import type { Discipline } from '@hpbc/shared/counterpart-review';
import type { DesignDocument } from '@hpbc/shared/design-documents';
import { call, download } from '../../../lib/api-client';

/** Design changes during construction (issue 30; declared in @hpbc/shared/contract/change-reports). */

export type { ChangeReport };

/** Who looks: the owner, a counterpart it names, or the committee. */
export type ChangeReportsMode = 'owner' | 'counterpart' | 'committee';

export interface ChangeReportsView {
  status: string;
  reports: ChangeReport[];
  /** The caller's disciplines (a counterpart only). */
  mine: Discipline[];
}

export const changeReportKeys = {
  all: ['change-reports'] as const,
  of: (mode: ChangeReportsMode, id: number) => ['change-reports', mode, id] as const,
  proposed: (id: number) => ['change-reports', 'proposed', id] as const,
};

/**
 * The page's own answer for the registration, when it has one: the panel starts from it instead
 * of asking for the same answer again (as the presentations' seed; issue 31). `at`: when it arrived.
 */
export interface ChangeReportsSeed {
  status: string;
  change_reports: ChangeReport[];
  my_disciplines?: Discipline[];
  at: number;
}

/** The reports as the registration's answer carries them (a counterpart reads the review's answer). */
export function changeReportsQuery(mode: ChangeReportsMode, id: number, seed?: ChangeReportsSeed) {
  return queryOptions({
    queryKey: changeReportKeys.of(mode, id),
    initialData: (): ChangeReportsView | undefined =>
      seed && { status: seed.status, reports: seed.change_reports, mine: seed.my_disciplines ?? [] },
    initialDataUpdatedAt: () => seed?.at,
    queryFn: async ({ signal }): Promise<ChangeReportsView> => {
      const record =
        mode === 'counterpart'
          ? (await call('GET /api/reviews/:id', { params: { id }, signal })).data
          : (await call('GET /api/registrations/:id', { params: { id }, signal })).data;
      return { status: record.status, reports: record.change_reports, mine: record.my_disciplines ?? [] };
    },
  });
}

/** The owner's revisions uploaded after approval that no report names yet. */
export function proposedQuery(id: number) {
  return queryOptions({
    queryKey: changeReportKeys.proposed(id),
    queryFn: async ({ signal }): Promise<DesignDocument[]> => {
      const all = (await call('GET /api/registrations/:id/documents', { params: { id }, signal })).data;
      return all.filter((d) => d.status === 'proposed');
    },
  });
}

export const fileChangeReport = (id: number, body: ChangeReportCreatePayload) =>
  call('POST /api/registrations/:id/change-reports', { params: { id }, body }).then((a) => a.data);

export const acknowledgeChangeReport = (id: number, discipline: Discipline) =>
  call('POST /api/change-reports/:id/acknowledge', { params: { id }, body: { discipline } }).then((a) => a.data);

export const commentChangeReport = (id: number, discipline: Discipline, text: string) =>
  call('POST /api/change-reports/:id/comments', { params: { id }, body: { discipline, text } }).then((a) => a.data);

export const countersignChangeReport = (id: number, discipline: Discipline, contentSha256: string) =>
  call('POST /api/change-reports/:id/countersign', {
    params: { id },
    body: { discipline, content_sha256: contentSha256 },
  }).then((a) => a.data);

export const decideChangeReport = (id: number, status: 'approved' | 'rejected', note: string) =>
  call('PATCH /api/admin/change-reports/:id', { params: { id }, body: { status, note } }).then((a) => a.data);

/** The completion certificate (409 with its reason until the completion inspection passed and no report is open). */
export const downloadCompletionCertificate = (id: number) =>
  download(
    'GET /api/registrations/:id/completion-certificate.pdf',
    { params: { id } },
    { fileName: 'completion-certificate.pdf', serverName: true },
  );
