import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { PRODUCT } from '@hpbc/shared';
import { RecordStates } from '../../../components/ui/load-states';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { contactQuery } from '../api/contact';

/** The Contact page: the committee's address, e-mail, phone and office hours from the settings. */
export function ContactDetails() {
  const { t, i18n } = useTranslation('legal');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  useDocumentTitle(t('contact.title'));
  const query = useQuery(contactQuery());
  const contact = query.data;

  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        title={t('contact.title')}
        description={<p>{t('contact.intro', { product: PRODUCT.short, committee: PRODUCT.full[locale] })}</p>}
      />
      <RecordStates
        query={query}
        loading={t('contact.loading')}
        compact
        failed={t('contact.failed')}
        retryLabel={t('contact.retry')}
      />
      {contact && (
        <dl className="grid gap-x-6 gap-y-4 rounded-lg border border-slate-200 bg-white p-6 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold text-slate-900">{t('contact.address')}</dt>
          <dd className="text-slate-700">
            <address className="not-italic">{contact.address[locale]}</address>
          </dd>
          <dt className="font-semibold text-slate-900">{t('contact.email')}</dt>
          <dd>
            <a
              href={`mailto:${contact.email}`}
              className="text-blue-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-amber-400"
            >
              {contact.email}
            </a>
          </dd>
          <dt className="font-semibold text-slate-900">{t('contact.phone')}</dt>
          <dd>
            <a
              href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}
              className="text-blue-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-amber-400"
            >
              {contact.phone}
            </a>
          </dd>
          <dt className="font-semibold text-slate-900">{t('contact.hours')}</dt>
          <dd className="text-slate-700">{contact.hours[locale]}</dd>
        </dl>
      )}
      <p className="text-slate-700">
        <Trans
          t={t}
          i18nKey="contact.dataRequests"
          components={{
            privacy: (
              <Link
                to="/privacy"
                className="text-blue-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-amber-400"
              />
            ),
          }}
        />
      </p>
    </div>
  );
}
