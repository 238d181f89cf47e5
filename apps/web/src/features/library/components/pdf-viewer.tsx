import { useTranslation } from '../../../lib/translation';
import { pdfViewerUrl, type LibraryDocument } from '@hpbc/shared/library-catalogue';
import { buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../lib/cx';

/** False only when the browser says it has no PDF viewer (navigator.pdfViewerEnabled). */
export function canEmbedPdf(nav: Navigator = navigator): boolean {
  return (nav as Navigator & { pdfViewerEnabled?: boolean }).pdfViewerEnabled !== false;
}

function DownloadOffer({ doc }: { doc: LibraryDocument }) {
  const { t } = useTranslation('library');
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-slate-700">{t('cannotEmbed')}</p>
      <a href={doc.filePath} download className={buttonClasses('primary')}>
        {t('download')}
      </a>
    </div>
  );
}

interface PdfViewerProps {
  doc: LibraryDocument;
  title: string;
  page?: number;
  className?: string;
}

/**
 * The browser's own PDF viewer with the parameters of specification section 9, in an
 * <iframe> (the Content-Security-Policy allows no <object>: object-src 'none'). Where the
 * browser cannot embed PDFs, a download link is shown instead.
 * Right-click on the viewer's frame is blocked as the specification asks; this only
 * deters, since the file itself is public.
 */
export function PdfViewer({ doc, title, page, className }: PdfViewerProps) {
  const { t } = useTranslation('library');
  const url = pdfViewerUrl(doc.filePath, page);
  return (
    <div
      className={cx('overflow-hidden rounded-md border border-slate-300 bg-slate-100', className)}
      onContextMenu={(e) => e.preventDefault()}
      data-testid="pdf-viewer"
    >
      {canEmbedPdf() ? (
        // A new address (another page) must load anew: the viewer reads the fragment only on load.
        <iframe
          key={url}
          src={url}
          title={t('viewerLabel', { title })}
          aria-label={t('viewerLabel', { title })}
          className="h-full w-full border-0"
        />
      ) : (
        <DownloadOffer doc={doc} />
      )}
    </div>
  );
}
