import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { localDigits, type Locale } from '@hpbc/shared';
import type { Notice } from '@hpbc/shared/notices';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ListStates, listLabels } from '../../../components/ui/load-states';
import { PageHeader } from '../../../components/ui/page-header';
import { ListPagination, pagerLabels } from '../../../components/ui/pagination';
import { StatusBadge } from '../../../components/ui/status-badge';
import { cx } from '../../../lib/cx';
import { formatDateTime } from '../../../lib/format';
import { noticesChanged } from '../../../lib/notice-events';
import { useTranslation } from '../../../lib/translation';
import { markAllRead, markRead, noticeKeys, noticesQuery } from '../api/notices';
import { RadioFilter } from '../../../components/ui/radio-filter';

/**
 * /user/notices: every notice of the signed-in person, newest first (issue 27, item 5). A
 * notice with a record opens it (and counts as read); each can be marked read on its own,
 * or all at once. The bell in the header counts again after each change.
 */
export function NoticesPage() {
  const { t, i18n } = useTranslation('notices');
  const locale: Locale = i18n.language === 'my' ? 'my' : 'en';
  const client = useQueryClient();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [busy, setBusy] = useState<number | 'all' | null>(null);
  const [failed, setFailed] = useState(false);
  const query = useQuery({ ...noticesQuery(page, unreadOnly), placeholderData: keepPreviousData });
  const rows = query.data?.data ?? [];
  const unread = query.data?.meta.unread ?? 0;
  const n = (v: number) => localDigits(v, locale);

  async function change(what: number | 'all', then?: () => void) {
    setBusy(what);
    setFailed(false);
    try {
      if (what === 'all') await markAllRead();
      else await markRead(what);
      noticesChanged();
      await client.invalidateQueries({ queryKey: noticeKeys.all });
      then?.();
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  }

  function open(notice: Notice) {
    const go = () => void navigate(notice.link!);
    if (notice.read_at) go();
    else void change(notice.id, go);
  }

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title={t('title')}
        description={t('intro')}
        actions={
          <Link to="/user/notices/settings" className={buttonClasses('secondary', 'sm')}>
            {t('settingsLink')}
          </Link>
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <RadioFilter
          legend={t('filter.label')}
          name="notice-filter"
          options={[
            { value: false, label: t('filter.all') },
            { value: true, label: t('filter.unread') },
          ]}
          value={unreadOnly}
          onChange={(only) => {
            setUnreadOnly(only);
            setPage(1);
          }}
        />
        <Button
          variant="secondary"
          size="sm"
          disabled={unread === 0}
          loading={busy === 'all'}
          busyText={t('markingAll')}
          onClick={() => void change('all')}
        >
          {t('markAll')}
        </Button>
      </div>
      {failed && <Alert variant="error">{t('failed')}</Alert>}
      <ListStates
        query={query}
        rows={rows.length}
        {...listLabels(t)}
        empty={unreadOnly ? t('emptyUnread') : t('empty')}
      >
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
          {rows.map((notice) => (
            <li
              key={notice.id}
              data-testid="notice"
              data-read={notice.read_at ? 'yes' : 'no'}
              className={cx('flex flex-col gap-3 p-4 sm:flex-row sm:items-start', !notice.read_at && 'bg-blue-50/60')}
            >
              <div className="min-w-0 flex-1 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  {!notice.read_at && <StatusBadge color="blue">{t('unreadBadge')}</StatusBadge>}
                  <span className="text-sm text-slate-600">{t(`kinds.${notice.kind}`)}</span>
                </div>
                <h2 className={cx('break-words text-slate-900', notice.read_at ? 'font-medium' : 'font-bold')}>
                  {notice.link ? (
                    <a
                      href={notice.link}
                      onClick={(e) => {
                        e.preventDefault();
                        open(notice);
                      }}
                      className="underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
                    >
                      {notice.title}
                    </a>
                  ) : (
                    notice.title
                  )}
                </h2>
                {notice.body && <p className="break-words text-slate-700">{notice.body}</p>}
                <p className="text-sm text-slate-600">
                  {t('received', { when: formatDateTime(notice.created_at, locale) ?? '' })}
                </p>
              </div>
              {!notice.read_at && (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={busy === notice.id}
                  busyText={t('markingAll')}
                  onClick={() => void change(notice.id)}
                >
                  {t('markRead')}
                  <span className="sr-only">: {notice.title}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      </ListStates>
      <ListPagination
        meta={query.data?.meta}
        summary={t('summary', { count: query.data?.meta.total ?? 0, unread: n(unread) })}
        onPageChange={setPage}
        label={t('pagesLabel')}
        {...pagerLabels(t, n)}
      />
    </div>
  );
}
