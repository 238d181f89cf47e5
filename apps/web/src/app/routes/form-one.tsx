import { useTranslation } from '../../lib/translation';
import { FormOnePage } from '../../features/form-one/components/form-one-page';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('form-one');
  useDocumentTitle(t('docTitle'));
  return <FormOnePage />;
}
