import { lazy, Suspense } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { useTranslation } from '../../../lib/translation';
import { FormOneLoading } from './form-one-loading';

/**
 * The wizard's code (its fields, the shared rules and their validation library, about a
 * third of the page's script) is evaluated after the page's header has painted. It is
 * fetched alongside the page's own code all the same (app/page-preloads.ts), so it costs
 * no extra round trip (docs/decisions/062).
 */
const FormOneWizard = lazy(() => import('./form-one-wizard').then((m) => ({ default: m.FormOneWizard })));

/** Form One (section 2): the page's header, then the wizard. */
export function FormOnePage() {
  const { t } = useTranslation('form-one');
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <PageHeader eyebrow={t('eyebrow')} title={t('title')} description={t('intro')} className="mb-6" />
      <Suspense fallback={<FormOneLoading />}>
        <FormOneWizard />
      </Suspense>
    </div>
  );
}
