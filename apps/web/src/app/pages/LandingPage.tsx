import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useGamesList } from '../../entities/game/api/games-list';
import { useBranding } from '../../entities/game/branding';
import { NewsAlerts } from '../../entities/news/NewsAlerts';
import { useNews } from '../../entities/news/news';
import { GameGrid } from '../../features/games/components/GameGrid';
import { usePageConfig } from '../../shared/config/page-config-context';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { useIdle } from '../../shared/lib/use-idle';
import { Spinner } from '../../shared/ui/Spinner';

// Below the games, so not in the first load nor the first render: it loads and renders once the
// browser is idle after the games are on screen. The alerts above already asked for its news.
const NewsStrip = lazy(async () => ({ default: (await import('../../features/news/components/NewsStrip')).NewsStrip }));

/** The portal's front page: alerts, the catalog of games, the news. */
export function LandingPage() {
  const { t, i18n } = useTranslation();
  const config = usePageConfig();
  const { branding } = useBranding();
  useDocumentTitle(t('landing.title'), branding.BrandName);
  const locale = i18n.resolvedLanguage ?? config.DefaultLocale;
  const news = useNews(locale);
  const games = useGamesList(locale);
  const idle = useIdle();
  // The alerts sit above the games: both appear at once, in a space a screen high, so that
  // nothing on screen moves when they arrive (a layout shift the player would see).
  if (news.isPending || games.isPending)
    return (
      <div className="min-h-dvh">
        <Spinner />
      </div>
    );
  return (
    <>
      <NewsAlerts />
      <section aria-labelledby="games-title" id="games" className="mx-auto max-w-6xl scroll-mt-20 px-4 pt-12">
        <h2 id="games-title" className="mb-6 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          {t('landing.gamesTitle')}
        </h2>
        <GameGrid />
      </section>
      {idle && (
        <Suspense fallback={null}>
          <NewsStrip />
        </Suspense>
      )}
    </>
  );
}
