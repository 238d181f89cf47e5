import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { LibraryDocument } from '@hpbc/shared/library-catalogue';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useBlockSavePrint } from '../hooks/use-block-save-print';
import { useVolumeText } from '../hooks/use-volume-text';
import { PdfViewer } from './pdf-viewer';

function Chip({ children }: { children: string }) {
  return (
    <li className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700 ring-1 ring-slate-200 ring-inset">
      {children}
    </li>
  );
}

export function DocumentPanel({ doc, page }: { doc: LibraryDocument; page?: number }) {
  const { t } = useTranslation('library');
  const text = useVolumeText()(doc);
  const [fullscreen, setFullscreen] = useState(false);
  useBlockSavePrint(true);
  const locale = currentLanguage();

  return (
    <section
      aria-labelledby="library-document-title"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-2">
          <h2
            id="library-document-title"
            tabIndex={-1}
            className="scroll-mt-4 text-xl font-bold text-slate-900 outline-none sm:text-2xl"
          >
            {text.title}
          </h2>
          {text.title !== doc.title && (
            <p lang="en" className="text-sm text-slate-600">
              {doc.title}
            </p>
          )}
          <p className="text-slate-700">{text.description}</p>
        </div>
        <Button variant="secondary" onClick={() => setFullscreen(true)} className="shrink-0">
          <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
            <path d="M3 8V3h5M17 8V3h-5M3 12v5h5M17 12v5h-5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          {t('fullscreen')}
        </Button>
      </div>
      <ul className="flex flex-wrap gap-2">
        <Chip>{t('updated')}</Chip>
        <Chip>{t('format')}</Chip>
        <Chip>{t('official')}</Chip>
        {page ? <Chip>{t('openedAtPage', { page: formatNumber(page, locale) })}</Chip> : null}
      </ul>
      {!fullscreen && <PdfViewer doc={doc} title={text.title} page={page} className="h-[70vh] min-h-96" />}
      <p className="text-xs text-slate-500">{t('protectionNote')}</p>

      <Dialog
        open={fullscreen}
        onClose={() => setFullscreen(false)}
        title={text.title}
        closeLabel={t('closeFullscreen')}
        size="full"
      >
        <PdfViewer doc={doc} title={text.title} page={page} className="min-h-0 flex-1" />
      </Dialog>
    </section>
  );
}
