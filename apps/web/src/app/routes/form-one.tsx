import { useTranslation } from 'react-i18next';
import { FormOneWizard } from '../../features/form-one/components/form-one-wizard';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('form-one');
  useDocumentTitle(t('docTitle'));
  return <FormOneWizard />;
}
