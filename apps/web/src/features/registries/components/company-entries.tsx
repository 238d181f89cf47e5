import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { EietCompany, PileCompany } from '@hpbc/shared';
import { Button } from '../../../components/ui/button';
import { emailAddresses, expiryStatus, type DirectoryKind } from '../directory';
import { CertificateDates } from './certificate-dates';
import { langOf } from '../../../lib/script-lang';

const cardClass = 'flex h-full flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm';
const listClass =
  'grid flex-1 grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(11rem,max-content)_1fr] [&_dd]:mb-2 [&_dd]:break-words sm:[&_dd]:mb-0 [&_dt]:font-semibold [&_dt]:text-slate-600';

/**
 * The Request button. With an expired certificate it stays (decision 016), with a note
 * that says a request can still be sent and what the committee does about it.
 */
function RequestAction(props: {
  kind: DirectoryKind;
  expires: string | null;
  today: string;
  name: string;
  onRequest: () => void;
}) {
  const { t } = useTranslation('directory');
  const noteId = useId();
  const expired = expiryStatus(props.kind, props.expires, props.today) === 'expired';
  return (
    <div className="space-y-2">
      {expired && (
        <p id={noteId} className="text-sm text-slate-700">
          {t('entry.expiredNote')}
        </p>
      )}
      <Button
        onClick={props.onRequest}
        aria-label={t('entry.requestFrom', { name: props.name })}
        aria-describedby={expired ? noteId : undefined}
      >
        {t('entry.request')}
      </Button>
    </div>
  );
}

/**
 * The card every directory entry shares: the name as its heading, its own fields, the
 * certificate dates and the Request button.
 */
function EntryCard(props: {
  kind: DirectoryKind;
  name: string;
  issued: string | null;
  expires: string | null;
  today: string;
  onRequest: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className={cardClass}>
      <h3 id={headingId} className="text-lg font-bold break-words text-slate-900" lang={langOf(props.name)}>
        {props.name}
      </h3>
      <dl className={listClass}>
        {props.children}
        <CertificateDates kind={props.kind} issued={props.issued} expires={props.expires} today={props.today} />
      </dl>
      <RequestAction
        kind={props.kind}
        expires={props.expires}
        today={props.today}
        name={props.name}
        onRequest={props.onRequest}
      />
    </article>
  );
}

interface EntryProps<T> {
  company: T;
  today: string;
  onRequest: (company: T) => void;
}

/** One EIET entry with every field of specification section 2. */
export function EietEntry({ company, today, onRequest }: EntryProps<EietCompany>) {
  const { t } = useTranslation('directory');
  const emails = emailAddresses(company.email_address);
  return (
    <EntryCard
      kind="eiet"
      name={company.eiet_name}
      issued={company.issue_certificate_date}
      expires={company.certificate_expire_date}
      today={today}
      onRequest={() => onRequest(company)}
    >
      <dt>{t('entry.ceo')}</dt>
      <dd lang={langOf(company.ceo_name)}>{company.ceo_name}</dd>
      <dt>{t('entry.officeAddress')}</dt>
      <dd lang={langOf(company.office_address)}>{company.office_address}</dd>
      <dt>{t('entry.email')}</dt>
      <dd>
        {emails.length === 0
          ? t('entry.notSpecified')
          : emails.map((email) => (
              // Stacked one under the other, each link needs 24 px of height to be tapped (WCAG 2.5.8).
              <a
                key={email}
                href={`mailto:${email}`}
                className="block min-h-6 py-0.5 text-blue-800 underline underline-offset-2"
              >
                {email}
              </a>
            ))}
      </dd>
      <dt>{t('entry.phone')}</dt>
      <dd>
        {company.phone_number ? (
          <a
            href={`tel:${company.phone_number.replace(/[^\d+]/g, '')}`}
            className="text-blue-800 underline underline-offset-2"
          >
            {company.phone_number}
          </a>
        ) : (
          t('entry.notSpecified')
        )}
      </dd>
    </EntryCard>
  );
}

/** One pile company entry: services, address and the certificate dates (specification section 2). */
export function PileEntry({ company, today, onRequest }: EntryProps<PileCompany>) {
  const { t } = useTranslation('directory');
  return (
    <EntryCard
      kind="pile"
      name={company.company_name}
      issued={company.issue_certificate_date}
      expires={company.certificate_expire_date}
      today={today}
      onRequest={() => onRequest(company)}
    >
      <dt>{t('entry.services')}</dt>
      <dd>{company.item}</dd>
      <dt>{t('entry.address')}</dt>
      <dd lang={langOf(company.address)}>{company.address}</dd>
    </EntryCard>
  );
}
