import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { InspectionPhoto } from '@hpbc/shared';
import { useTranslation } from '../../../lib/translation';
import { fetchFile } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { onsiteRecord } from '../api/company';

/** A photo's resized copy, fetched with the token (an <img> cannot carry it) into an object URL. */
function Photo({ photo, alt }: { photo: InspectionPhoto; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    fetchFile('GET /api/inspection-photos/:id', { params: { id: photo.id } })
      .then((blob) => {
        made = URL.createObjectURL(blob);
        if (live) setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [photo.id]);
  return url ? (
    <img src={url} alt={alt} className="h-24 w-32 rounded border border-slate-300 object-cover" />
  ) : (
    <span className="block h-24 w-32 rounded border border-slate-200 bg-slate-100" aria-hidden="true" />
  );
}

/** What was recorded on site (checklist and photos), behind a disclosure on a done inspection. */
export function SiteRecord({ inspectionId }: { inspectionId: number }) {
  const { t, i18n } = useTranslation('company');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  const [open, setOpen] = useState(false);
  const record = useQuery({
    queryKey: ['inspection', inspectionId, 'onsite'],
    queryFn: () => onsiteRecord(inspectionId),
    enabled: open,
  });
  return (
    <details onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)} className="text-slate-800">
      <summary className="cursor-pointer font-semibold text-blue-800">{t('onsite.siteRecord')}</summary>
      {record.isPending && open && <p className="mt-2 text-slate-700">{t('onsite.loading')}</p>}
      {record.isError && <p className="mt-2 text-red-800">{t('inspections.downloadFailed')}</p>}
      {record.data && (
        <div className="mt-2 space-y-3">
          {record.data.checklist ? (
            <ol className="list-decimal space-y-1 pl-6">
              {record.data.checklist.map((c) => (
                <li key={c.item_id}>
                  {locale === 'my' ? c.text_my : c.text_en} — <strong>{t(`onsite.result.${c.result}`)}</strong>
                  {c.note && <span className="block text-slate-700">{c.note}</span>}
                </li>
              ))}
            </ol>
          ) : (
            <p>{t('onsite.noChecklistRecorded')}</p>
          )}
          {record.data.photos.length > 0 && (
            <ul className="flex flex-wrap gap-3">
              {record.data.photos.map((p) => (
                <li key={p.id}>
                  <Photo photo={p} alt={t('onsite.photoAlt', { time: formatDateTime(p.taken_at, locale) })} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </details>
  );
}
