import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { LIBRARY_DOCUMENTS } from '@hpbc/shared/library-catalogue';
import { cx } from '../../../lib/cx';
import { useVolumeText } from '../hooks/use-volume-text';
import { LineIcon } from '../../../components/ui/line-icon';

export function DocumentSidebar({ selectedId, hrefFor }: { selectedId?: number; hrefFor: (id: number) => string }) {
  const { t } = useTranslation('library');
  const text = useVolumeText();
  return (
    <nav aria-labelledby="library-sidebar" className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <h2 id="library-sidebar" className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900">
        {t('sidebar')}
      </h2>
      <ul className="divide-y divide-slate-100 p-1.5" aria-label={t('volumes')}>
        {LIBRARY_DOCUMENTS.map((doc) => {
          const selected = doc.id === selectedId;
          return (
            <li key={doc.id}>
              <Link
                to={hrefFor(doc.id)}
                aria-current={selected ? 'page' : undefined}
                className={cx(
                  'flex gap-3 rounded-md px-3 py-2.5 text-sm leading-snug',
                  'focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-amber-400',
                  selected ? 'bg-blue-800 font-semibold text-white' : 'text-slate-800 hover:bg-slate-100',
                )}
              >
                <LineIcon
                  className="mt-0.5 size-4 shrink-0"
                  d="M5 2.5h7l3.5 3.5v11.5h-10.5z M12 2.5v3.5h3.5"
                  strokeWidth="1.5"
                />
                <span>{text(doc).title}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
