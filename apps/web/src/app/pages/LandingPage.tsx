import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranding } from '../../entities/game/branding';
import { NewsAlerts } from '../../entities/news/NewsAlerts';
import { GameGrid } from '../../features/games/components/GameGrid';
import { useDocumentTitle } from '../../shared/lib/use-document-title';

// Below the games, so not in the first load; the alerts above already ask for the news it shows.
const NewsStrip = lazy(async () => ({ default: (await import('../../features/news/components/NewsStrip')).NewsStrip }));

/** The portal's front page: alerts, the catalog of games, the news. */
export function LandingPage() {
  const { t } = useTranslation();
  const { branding } = useBranding();
  useDocumentTitle(t('landing.title'), branding.BrandName);
  return (
    <>
      <NewsAlerts />
      <section aria-labelledby="games-title" id="games" className="mx-auto max-w-6xl scroll-mt-20 px-4 pt-12">
        <h2 id="games-title" className="mb-6 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          {t('landing.gamesTitle')}
        </h2>
        <GameGrid />
      </section>
      <Suspense fallback={null}>
        <NewsStrip />
      </Suspense>
    </>
  );
}
