import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Table } from '../../../components/ui/table';
import { formatDateTime } from '../../../lib/format';
import { registrationsQuery } from '../api/registrations';
import { useLang } from '../hooks/use-lang';
import { DeleteDraftButton } from './delete-draft-button';
import { FocusedNotice } from './focused-notice';
import { registrationName } from '../registration-name';
import { RegistrationStatusBadge } from '../../../components/ui/registration-status-badge';
import { STATUS } from '@hpbc/shared/registration-workflow';
import type { RegistrationSummary } from '@hpbc/shared/form-one-fields';
import { LoadFailed, LoadingBlock } from '../../../components/ui/load-states';

/** /user/projects: the submitter's registrations with their status, newest first. */
export function ProjectsList() {
  const { t } = useTranslation('form-one');
  const lang = useLang();
  const query = useQuery(registrationsQuery());
  // What was just deleted, said where the deleted row's button was.
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title={t('area.listTitle')}
        description={t('area.listIntro')}
        actions={
          <Link to="/form-one?new=1" className={buttonClasses('primary')}>
            {t('area.startNew')}
          </Link>
        }
      />
      <FocusedNotice message={notice} onDismiss={() => setNotice(null)} />
      {query.isPending && <LoadingBlock compact label={t('area.loading')} />}
      {query.isError && (
        <LoadFailed title={t('area.loadFailed')} retryLabel={t('area.retry')} onRetry={() => void query.refetch()} />
      )}
      {query.data && query.data.length === 0 && (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="text-slate-700">{t('area.empty')}</p>
          <Link to="/form-one?new=1" className={buttonClasses('primary', 'md', 'mt-4')}>
            {t('area.startNew')}
          </Link>
        </div>
      )}
      {query.data && query.data.length > 0 && (
        // Phones get cards; wider screens the table.
        <ul className="space-y-3 sm:hidden" aria-label={t('area.caption')}>
          {query.data.map((r) => (
            <li key={r.id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-start justify-between gap-3">
                <p className="min-w-0 font-semibold break-words text-slate-900">
                  {registrationName(r, t('area.untitled'))}
                </p>
                <RegistrationStatusBadge status={r.status} />
              </div>
              <p className="font-mono text-sm text-slate-800">
                <Reference registration={r} />
              </p>
              <p className="text-sm text-slate-600">{formatDateTime(r.submitted_at ?? r.updated_at, lang)}</p>
              <RowActions registration={r} onDeleted={setNotice} />
            </li>
          ))}
        </ul>
      )}
      {query.data && query.data.length > 0 && (
        <Table caption={t('area.caption')} captionHidden className="hidden sm:block">
          <thead>
            <tr>
              <th scope="col">{t('area.columns.reference')}</th>
              <th scope="col">{t('area.columns.project')}</th>
              <th scope="col">{t('area.columns.status')}</th>
              <th scope="col">{t('area.columns.date')}</th>
              <th scope="col" className="relative">
                <span className="sr-only">{t('area.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((r) => (
              <tr key={r.id} data-registration={r.id}>
                <td className="font-mono whitespace-nowrap">
                  <Reference registration={r} />
                </td>
                <td className="min-w-48 break-words">{registrationName(r, t('area.untitled'))}</td>
                <td>
                  <RegistrationStatusBadge status={r.status} />
                </td>
                <td className="whitespace-nowrap">{formatDateTime(r.submitted_at ?? r.updated_at, lang)}</td>
                <td className="whitespace-nowrap">
                  <RowActions registration={r} onDeleted={setNotice} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}

/** The reference number, or a draft's placeholder for it. */
function Reference({ registration: r }: { registration: RegistrationSummary }) {
  const { t } = useTranslation('form-one');
  return r.reference_number ?? <span className="font-sans text-slate-500">{t('area.draftReference')}</span>;
}

/** Resume or delete a draft; open a submitted registration. */
function RowActions({
  registration: r,
  onDeleted,
}: {
  registration: RegistrationSummary;
  onDeleted: (message: string) => void;
}) {
  const { t } = useTranslation('form-one');
  const { id, current_step: step } = r;
  const draft = r.status === STATUS.draft;
  // A draft is named by its project; a submitted registration by its reference.
  const name = draft
    ? registrationName(r, t('area.untitled'))
    : (r.reference_number ?? registrationName(r, t('area.untitled')));
  const link = (
    <Link
      to={draft ? `/form-one?draft=${id}&step=${step}` : `/user/projects/${id}`}
      className="font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950"
      aria-label={draft ? t('area.resumeNamed', { name }) : t('area.viewNamed', { name })}
    >
      {draft ? t('area.resume') : t('area.view')}
    </Link>
  );
  if (!draft) return link;
  return (
    <span className="flex items-center gap-4">
      {link}
      <DeleteDraftButton id={id} name={name} onDeleted={onDeleted} />
    </span>
  );
}
