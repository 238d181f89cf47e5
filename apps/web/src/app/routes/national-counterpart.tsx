import { useTranslation } from '../../lib/translation';
import { PRODUCT } from '@hpbc/shared';
import { PageHeader } from '../../components/ui/page-header';
import { CounterpartInfo } from '../../features/national-counterpart/components/counterpart-info';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Specification section 2: national counterpart information (static). */
export function Component() {
  const { t, i18n } = useTranslation('counterpart');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  useDocumentTitle(t('title'));
  const vars = { product: PRODUCT.short, committee: PRODUCT.full[locale] };
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        eyebrow={t('eyebrow', vars)}
        title={t('title')}
        description={
          <div className="space-y-3">
            <p className="font-semibold text-slate-800">{t('subtitle', vars)}</p>
            <p>{t('intro', vars)}</p>
          </div>
        }
      />
      <CounterpartInfo />
    </div>
  );
}
