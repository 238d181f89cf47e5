import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import type { RegistrationRecord } from '@hpbc/shared/form-one-fields';
import { buttonClasses } from '../../../components/ui/button';

/** Section 5's success message, with the reference number the committee will quote. */
export function SubmittedPanel({
  record,
  email,
  gaveRole,
}: {
  record: RegistrationRecord;
  email: string;
  /** This submission gave the account the Project role (its first); otherwise it had it already. */
  gaveRole: boolean;
}) {
  const { t } = useTranslation('form-one');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="space-y-4 rounded-lg border-l-4 border-green-700 bg-green-50 p-5 outline-none sm:p-6"
      data-testid="form-one-submitted"
    >
      <h2 className="text-2xl font-bold text-green-950">{t('success.title')}</h2>
      <div>
        <p className="text-sm font-semibold text-green-900">{t('success.reference')}</p>
        <p className="font-mono text-2xl font-bold tracking-wide text-slate-900" data-testid="reference-number">
          {record.reference_number}
        </p>
      </div>
      {email && <p className="text-green-950">{t('success.mail', { email })}</p>}
      <p className="text-green-950">{t(gaveRole ? 'success.role' : 'success.inArea')}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to={`/user/projects/${record.id}`} className={buttonClasses('primary')}>
          {t('success.view')}
        </Link>
        <Link to="/user/projects/dashboard" className={buttonClasses('secondary')}>
          {t('success.dashboard')}
        </Link>
      </div>
    </div>
  );
}
