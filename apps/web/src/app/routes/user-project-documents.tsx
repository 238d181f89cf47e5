import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { DocumentsPage } from '../../features/documents/components/documents-page';
import { registrationKeys, registrationQuery } from '../../features/form-one/api/registrations';
import { useLang } from '../../features/form-one/hooks/use-lang';
import { LoadFailed, LoadingBlock } from '../../components/ui/load-states';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-store';
import { useTranslation } from '../../lib/translation';
import type { ReviewComment } from '@hpbc/shared/counterpart-review';
import { recordId } from '../../lib/record-id';

/** /user/projects/{id}/documents: the design documents beside Form One (features compose here). */
export function Component() {
  const { id } = useParams();
  const { t } = useTranslation('documents');
  const lang = useLang();
  const userId = useAuth((s) => s.user?.id ?? 0);
  const queryClient = useQueryClient();
  const valid = recordId(id);
  const query = useQuery({ ...registrationQuery(valid ?? 0), enabled: valid !== null });
  if (valid === null || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6">
        <Link to="/user/projects" className="font-semibold text-blue-800 underline underline-offset-4">
          {t('page.backToList')}
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">{t('page.notFound')}</h1>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
        <LoadFailed
          message={t('page.loadFailed')}
          retryLabel={t('viewer.retry')}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
        <LoadingBlock label={t('page.loading')} />
      </div>
    );
  }
  const registration = query.data as typeof query.data & { comments?: ReviewComment[] };
  return (
    <DocumentsPage
      registration={registration}
      userId={userId}
      locale={lang}
      onCommentsChanged={() =>
        void queryClient.invalidateQueries({ queryKey: registrationKeys.detail(registration.id) })
      }
    />
  );
}
