import type { Locale } from '@hpbc/shared';
import { DISCIPLINE_TITLES, type Countersignature } from '@hpbc/shared/counterpart-review-terms';
import type { SignedWith } from '@hpbc/shared/second-factor';
import { formatDateTime } from '../../lib/format';
import { StatusBadge } from './status-badge';

/** The list's words from a namespace whose keys under `prefix` are none, current, notCurrent and license. */
export function countersignatureLabels(t: (key: string) => string, prefix: string) {
  return {
    none: t(`${prefix}.none`),
    current: t(`${prefix}.current`),
    notCurrent: t(`${prefix}.notCurrent`),
    license: t(`${prefix}.license`),
  };
}

/**
 * How a legal act was signed (issue 26), from a namespace with `signedWith.passkey`,
 * `signedWith.code` and `signedWith.none` (the `security` texts).
 */
export function signedWithText(
  t: (key: string, values?: Record<string, string>) => string,
  signed: SignedWith | null | undefined,
  locale: Locale,
): string {
  if (!signed) return t('signedWith.none');
  const date = formatDateTime(signed.at, locale) ?? '';
  return signed.method === 'passkey'
    ? t('signedWith.passkey', { name: signed.passkey_name ?? '', date })
    : t('signedWith.code', { date });
}

/** Countersignatures with their state; a countersignature on changed content shows as no longer current. */
export function CountersignatureList({
  items,
  locale,
  labels,
  signedWith,
}: {
  items: readonly (Countersignature & { signed_with?: SignedWith | null })[];
  locale: Locale;
  labels: { none: string; current: string; notCurrent: string; license: string };
  /** Where the list shows how each was signed (the public verification): the words for it. */
  signedWith?: (signed: SignedWith | null | undefined) => string;
}) {
  if (items.length === 0) return <p className="text-slate-700">{labels.none}</p>;
  return (
    <ul className="divide-y divide-slate-100" data-testid="countersignatures">
      {items.map((s) => (
        <li key={s.discipline} className="space-y-1 py-2" data-discipline={s.discipline}>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">
              {DISCIPLINE_TITLES[s.discipline]?.[locale] ?? s.discipline}
            </span>
            <StatusBadge color={s.current ? 'green' : 'red'}>
              {s.current ? labels.current : labels.notCurrent}
            </StatusBadge>
          </div>
          <p className="text-sm text-slate-800">
            {s.name}
            {s.license ? ` · ${labels.license} ${s.license}` : ''} ·{' '}
            <time dateTime={s.signed_at}>{formatDateTime(s.signed_at, locale)}</time>
          </p>
          {signedWith && (
            <p className="text-sm text-slate-800" data-testid="signed-with">
              {signedWith(s.signed_with)}
            </p>
          )}
          <p className="font-mono text-xs break-all text-slate-700">{s.content_sha256}</p>
        </li>
      ))}
    </ul>
  );
}
