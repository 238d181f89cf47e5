import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { PRODUCT } from '@hpbc/shared';
import { PageHeader } from '../../../components/ui/page-header';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { contactQuery } from '../api/contact';

/** The date the committee last changed the Terms of Service and the Privacy Policy. */
export const LEGAL_UPDATED = '2026-11-24';

interface Section {
  heading: string;
  body: string[];
}

/** The Terms of Service or the Privacy Policy: a title, an introduction and numbered sections. */
export function LegalPage({ page }: { page: 'terms' | 'privacy' }) {
  const { t, i18n } = useTranslation('legal');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  useDocumentTitle(t(`${page}.title`));
  const vars = { product: PRODUCT.short, committee: PRODUCT.full[locale] };
  const sections = t(`${page}.sections`, { returnObjects: true }) as Section[];
  const contact = useQuery(contactQuery()).data;

  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        title={t(`${page}.title`)}
        description={
          <div className="space-y-2">
            <p>{t(`${page}.intro`, vars)}</p>
            <p className="text-sm text-slate-500">{t('updated', { date: formatDate(LEGAL_UPDATED, locale) })}</p>
          </div>
        }
      />
      {sections.map((section) => (
        <section key={section.heading} className="space-y-3">
          <h2 className="text-xl font-semibold text-slate-900">{section.heading}</h2>
          {section.body.map((paragraph) => (
            <p key={paragraph} className="leading-relaxed text-slate-700">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      {contact && (
        <p className="border-t border-slate-200 pt-6 text-slate-700">
          {t('contactLine', { email: contact.email, phone: contact.phone })}
        </p>
      )}
    </div>
  );
}
