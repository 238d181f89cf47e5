import { useTranslation } from '../../../lib/translation';
import type { LibraryDocument } from '@hpbc/shared/library-catalogue';

/** A volume's title and description in the page's language; the official English title otherwise. */
export function useVolumeText() {
  const { t } = useTranslation('library');
  return (doc: LibraryDocument) => ({
    title: t(`documents.${doc.id}.title`, { defaultValue: doc.title }),
    description: t(`documents.${doc.id}.description`, { defaultValue: doc.description }),
  });
}
