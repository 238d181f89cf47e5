import { useTranslation } from '../../lib/translation';
import { PageHeader } from '../../components/ui/page-header';
import { RecommendationBrowser } from '../../features/recommendations/components/recommendation-browser';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Specification section 2: Technical Recommendation. */
export function Component() {
  const { t } = useTranslation('recommendations');
  useDocumentTitle(t('title'));
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader eyebrow={t('eyebrow')} title={t('title')} description={<p>{t('intro')}</p>} />
      <RecommendationBrowser />
    </div>
  );
}
