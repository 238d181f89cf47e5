import { useTranslation } from '../../lib/translation';
import { DisciplinePanel } from '../../features/home/components/discipline-panel';
import { GuidelineCards } from '../../features/home/components/guideline-cards';
import { HomeHero } from '../../features/home/components/home-hero';
import { HomeStats } from '../../features/home/components/home-stats';
import { LibraryCallout } from '../../features/home/components/library-callout';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('home');
  useDocumentTitle(t('docTitle'));
  return (
    <>
      <HomeHero />
      <HomeStats />
      <DisciplinePanel />
      <GuidelineCards />
      <LibraryCallout />
    </>
  );
}
