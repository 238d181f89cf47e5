import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation';
import { PageHeader } from '../../components/ui/page-header';
import { pileListQuery } from '../../features/registries/api/registries.api';
import { CompanyDirectory, directoryData } from '../../features/registries/components/company-directory';
import { PileEntry } from '../../features/registries/components/company-entries';
import { RequestDialog, type RequestTarget } from '../../features/service-requests/components/request-dialog';
import { useDocumentTitle } from '../../lib/use-document-title';

const SERVICES = ['bored', 'sheet', 'press', 'foundation', 'testing'] as const;

/** Specification section 2: pile company list and pile request dialog. */
export function Component() {
  const { t } = useTranslation(['directory', 'requests']);
  useDocumentTitle(t('pile.title'));
  const query = useQuery(pileListQuery());
  const [target, setTarget] = useState<RequestTarget | null>(null);

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        eyebrow={t('pile.eyebrow')}
        title={t('pile.title')}
        description={
          <div className="space-y-3">
            <ul aria-label={t('pile.servicesLabel')} className="flex flex-wrap gap-2">
              {SERVICES.map((s) => (
                <li
                  key={s}
                  className="rounded-full border border-blue-200 bg-blue-50 px-3 py-1 text-sm font-semibold text-blue-900"
                >
                  {t(`pile.services.${s}`)}
                </li>
              ))}
            </ul>
            <p>{t('pile.intro')}</p>
          </div>
        }
      />
      <CompanyDirectory
        kind="pile"
        data={directoryData(query)}
        renderEntry={(company, today) => (
          <PileEntry company={company} today={today} onRequest={(c) => setTarget({ id: c.id, name: c.company_name })} />
        )}
      />
      <RequestDialog kind="pile" target={target} onClose={() => setTarget(null)} />
    </div>
  );
}
