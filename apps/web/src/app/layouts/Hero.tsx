import { useTranslation } from 'react-i18next';
import { useGamesList } from '../../entities/game/api/games-list';
import { useBranding } from '../../entities/game/branding';
import { usePageConfig } from '../../shared/config/page-config-context';
import { assetUrl } from '../../shared/lib/asset-url';
import { Button } from '../../shared/ui/Button';
import { PlayIcon } from '../../shared/ui/icons';

/** The portal's welcome: company, promise, and a glimpse of the games. */
export function Hero() {
  const { t, i18n } = useTranslation();
  const config = usePageConfig();
  const { branding } = useBranding();
  const games = useGamesList(i18n.resolvedLanguage ?? config.DefaultLocale);
  const covers = (games.data ?? []).filter((game) => game.ImageUrl).slice(0, 2);

  return (
    <section className="relative overflow-hidden border-b border-slate-200 bg-gradient-to-br from-indigo-50 via-white to-sky-50 dark:border-slate-800 dark:from-indigo-950 dark:via-slate-950 dark:to-slate-900">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-32 -right-24 h-96 w-96 rounded-full bg-indigo-400/25 blur-3xl dark:bg-indigo-600/25"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute -bottom-40 -left-24 h-96 w-96 rounded-full bg-sky-300/30 blur-3xl dark:bg-sky-700/20"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:py-20 md:grid-cols-[1.15fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-3 py-1 text-sm font-medium text-slate-700 ring-1 ring-slate-200 dark:bg-white/5 dark:text-slate-200 dark:ring-white/10">
            <img src={assetUrl(branding.Logos.CompanyLogo)} alt="" height={20} className="h-5 w-auto" />
            {branding.CompanyName}
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white">
            {t('landing.title')}
          </h1>
          <p className="mt-4 max-w-xl text-lg leading-relaxed text-pretty text-slate-600 dark:text-slate-300">
            {t('landing.subtitle', { brand: branding.BrandName })}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button size="lg" onClick={() => document.getElementById('games')?.scrollIntoView({ behavior: 'smooth' })}>
              <PlayIcon /> {t('landing.browse')}
            </Button>
          </div>
        </div>
        <div aria-hidden className="relative hidden h-72 md:block">
          {covers.map((game, index) => (
            <img
              key={game.GameSystemName}
              src={assetUrl(game.ImageUrl)}
              alt=""
              className={
                index === 0
                  ? 'absolute top-0 left-0 w-[78%] rotate-[-4deg] rounded-2xl shadow-2xl ring-1 ring-black/10'
                  : 'absolute right-0 bottom-0 w-[70%] rotate-[5deg] rounded-2xl shadow-2xl ring-1 ring-black/10'
              }
            />
          ))}
        </div>
      </div>
    </section>
  );
}
