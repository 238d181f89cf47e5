import { useTranslation } from '../../../lib/translation';
import { formatDate } from '../../../lib/format';
import { cx } from '../../../lib/cx';
import { expiryStatus, type DirectoryKind } from '../directory';

interface Props {
  kind: DirectoryKind;
  issued: string | null;
  expires: string | null;
  today: string;
}

/**
 * The certificate's issue and expiry dates. The expiry is red with a warning inside the
 * warning window and green while valid (specification section 2). A past date is neither:
 * it has its own colour (slate, with a dark "Certificate expired" label and icon), so no
 * one reads an expired certificate as valid (decision 016); a missing date is neutral.
 */
export function CertificateDates({ kind, issued, expires, today }: Props) {
  const { t, i18n } = useTranslation('directory');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  const status = expiryStatus(kind, expires, today);
  const show = (date: string | null) => formatDate(date, locale) ?? t('entry.notSpecified');
  return (
    <>
      <dt>{t('entry.issued')}</dt>
      <dd>{show(issued)}</dd>
      <dt>{t('entry.expires')}</dt>
      <dd
        data-expiry={status}
        className={cx(
          status === 'expiring' && 'font-semibold text-red-700',
          status === 'valid' && 'font-semibold text-green-700',
          status === 'expired' && 'font-semibold text-slate-700',
          status === 'unknown' && 'text-slate-600',
        )}
      >
        <span>{show(expires)}</span>
        {status === 'expiring' && (
          <span className="mt-1 flex items-center gap-1.5 text-sm font-bold text-red-700">
            <svg viewBox="0 0 20 20" className="size-4 shrink-0" aria-hidden="true">
              <path d="M10 2l9 16H1z" fill="currentColor" />
              <path d="M10 8v4m0 2.5v.5" stroke="white" strokeWidth="2" strokeLinecap="round" />
            </svg>
            {t('entry.expiringSoon')}
          </span>
        )}
        {status === 'expired' && (
          <span className="mt-1 flex w-fit items-center gap-1.5 rounded bg-slate-800 px-2 py-0.5 text-sm font-bold text-white">
            <svg viewBox="0 0 20 20" className="size-4 shrink-0" aria-hidden="true">
              <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M6 6l8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            {t('entry.expiredLabel')}
          </span>
        )}
      </dd>
    </>
  );
}
