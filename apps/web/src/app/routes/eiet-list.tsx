import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation';
import { PageHeader } from '../../components/ui/page-header';
import { eietListQuery } from '../../features/registries/api/registries.api';
import { CompanyDirectory, directoryData } from '../../features/registries/components/company-directory';
import { EietEntry } from '../../features/registries/components/company-entries';
import { RequestDialog, type RequestTarget } from '../../features/service-requests/components/request-dialog';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Specification section 2: EIET list and EIET request dialog. */
export function Component() {
  const { t } = useTranslation(['directory', 'requests']);
  useDocumentTitle(t('eiet.title'));
  const query = useQuery(eietListQuery());
  const [target, setTarget] = useState<RequestTarget | null>(null);

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader eyebrow={t('eiet.eyebrow')} title={t('eiet.title')} description={<p>{t('eiet.intro')}</p>} />
      <CompanyDirectory
        kind="eiet"
        data={directoryData(query)}
        renderEntry={(company, today) => (
          <EietEntry
            company={company}
            today={today}
            onRequest={(c) => setTarget({ id: c.id, name: c.eiet_name, ceo: c.ceo_name })}
          />
        )}
      />
      <RequestDialog kind="eiet" target={target} onClose={() => setTarget(null)} />
    </div>
  );
}
