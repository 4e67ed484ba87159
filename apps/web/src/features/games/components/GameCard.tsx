import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GameSummary } from '../../../entities/game/api/games-list';
import { appUrl } from '../../../shared/config/app-url';
import { usePageConfig } from '../../../shared/config/page-config-context';
import { assetUrl } from '../../../shared/lib/asset-url';
import { Button } from '../../../shared/ui/Button';
import { buttonClass } from '../../../shared/ui/button-styles';
import { PlayIcon, ShareIcon } from '../../../shared/ui/icons';
import { LazyLinkShareModal } from '../../../shared/ui/modals/lazy-modals';
import { useModals } from '../../../shared/ui/modals/modal-manager';

/**
 * A game in the catalog: cover, icon, name, short description, Play and Share. The first row's
 * covers are on screen at load (the first one is the landing's largest paint on phones): they
 * load at once, not lazily; the others when scrolled near.
 */
export function GameCard({ game, firstRow = false }: { game: GameSummary; firstRow?: boolean }) {
  const { t } = useTranslation();
  const config = usePageConfig();
  const modals = useModals();
  const playPath = `/play/${game.GameSystemName}`;
  const share = () =>
    modals.open(() => (
      <LazyLinkShareModal url={appUrl(config, playPath)} title={t('landing.shareGame', { name: game.Name })} />
    ));

  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-xl dark:border-slate-800 dark:bg-slate-900">
      <Link
        to={playPath}
        tabIndex={-1}
        aria-hidden
        className="relative block aspect-[16/9] overflow-hidden bg-slate-200 dark:bg-slate-800"
      >
        {game.ImageUrl && (
          <img
            src={assetUrl(game.ImageUrl)}
            alt=""
            loading={firstRow ? 'eager' : 'lazy'}
            className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105"
          />
        )}
      </Link>
      <div className="flex flex-1 gap-4 p-4">
        <img
          src={assetUrl(game.IconUrl)}
          alt=""
          width={64}
          height={64}
          className="relative z-10 -mt-10 h-16 w-16 shrink-0 rounded-2xl bg-white shadow-lg ring-4 ring-white dark:ring-slate-900"
        />
        <div className="min-w-0">
          <h3 className="text-lg font-bold text-slate-900 dark:text-white">{game.Name}</h3>
          <p className="mt-1 line-clamp-3 text-sm leading-relaxed text-slate-600 dark:text-slate-300">
            {game.ShortDescription}
          </p>
        </div>
      </div>
      <div className="flex gap-2 px-4 pb-4">
        <Link
          to={playPath}
          className={buttonClass('primary', 'md', 'flex-1')}
          aria-label={t('landing.playGame', { name: game.Name })}
        >
          <PlayIcon /> {t('common.play')}
        </Link>
        <Button
          variant="secondary"
          size="icon"
          onClick={share}
          aria-label={t('landing.shareGame', { name: game.Name })}
        >
          <ShareIcon />
        </Button>
      </div>
    </article>
  );
}
