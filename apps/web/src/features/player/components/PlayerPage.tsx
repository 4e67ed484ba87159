import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBranding } from '../../../shared/api/branding';
import { useNavigateToError } from '../../../shared/api/error-navigation';
import { useGamesList } from '../../../shared/api/games-list';
import { usePublicGameConfig } from '../../../shared/api/public-game-config';
import { appUrl } from '../../../shared/config/app-url';
import { usePageConfig } from '../../../shared/config/page-config-context';
import { platformOf } from '../../../shared/config/site';
import { useSite } from '../../../shared/config/use-site';
import { assetUrl } from '../../../shared/lib/asset-url';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { LazyLinkShareModal } from '../../../shared/modals/lazy-modals';
import { useModals } from '../../../shared/modals/modal-manager';
import { Button } from '../../../shared/ui/Button';
import { buttonClass } from '../../../shared/ui/button-styles';
import { ShareIcon } from '../../../shared/ui/icons';
import { Spinner } from '../../../shared/ui/Spinner';

/**
 * The game player: /play/{game}, /player/{game}, their /iframe/{adapter} forms, and
 * the home of a single-game site. A game that cannot be loaded sends the player to /error.
 */
export function PlayerPage() {
  const { t, i18n } = useTranslation();
  const config = usePageConfig();
  const site = useSite();
  const modals = useModals();
  const { branding } = useBranding();
  const toError = useNavigateToError();
  const publicConfig = usePublicGameConfig(site.game, platformOf(site.adapter));
  const games = useGamesList(i18n.resolvedLanguage ?? config.DefaultLocale);
  const game = games.data?.find((item) => item.GameSystemName === site.game);
  useDocumentTitle(game?.Name, branding.BrandName);

  useEffect(() => {
    if (publicConfig.isError) toError(publicConfig.error);
  }, [publicConfig.isError, publicConfig.error, toError]);

  if (!site.game) return <Spinner />;
  if (publicConfig.isPending || games.isPending) return <Spinner />;
  if (!publicConfig.data) return null;

  const name = game?.Name ?? site.game;
  const background = publicConfig.data.PublicWebClientConfig.LoaderScreen.BackgroundColor;
  const share = () =>
    modals.open(() => (
      <LazyLinkShareModal url={appUrl(config, `/play/${site.game}`)} title={t('landing.shareGame', { name })} />
    ));

  return (
    <section className="mx-auto w-full max-w-5xl px-4">
      <div
        className="relative isolate overflow-hidden rounded-3xl shadow-2xl ring-1 ring-black/10"
        style={{ backgroundColor: background }}
      >
        {game?.ImageUrl && (
          <img
            src={assetUrl(game.ImageUrl)}
            alt=""
            className="absolute inset-0 -z-10 h-full w-full object-cover opacity-40"
          />
        )}
        <div className="absolute inset-0 -z-10 bg-gradient-to-t from-slate-950/90 via-slate-950/50 to-slate-950/20" />
        <div className="flex aspect-[4/5] flex-col items-center justify-center gap-4 p-6 text-center text-white sm:aspect-[16/9] sm:p-10">
          {game && (
            <img
              src={assetUrl(game.IconUrl)}
              alt=""
              width={96}
              height={96}
              className="h-20 w-20 rounded-3xl shadow-xl sm:h-24 sm:w-24"
            />
          )}
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{name}</h1>
          <p className="text-lg font-semibold text-indigo-100">{t('player.title')}</p>
          <p className="max-w-xl text-pretty text-slate-100">{t('player.body', { name })}</p>
          <div className="mt-2 flex flex-wrap justify-center gap-3">
            <Button variant="secondary" onClick={share}>
              <ShareIcon /> {t('common.share')}
            </Button>
            {!site.singleGame && (
              <Link to="/" className={buttonClass('primary')}>
                {t('common.allGames')}
              </Link>
            )}
          </div>
        </div>
      </div>
      {game && <p className="mt-4 text-center text-slate-600 dark:text-slate-300">{game.ShortDescription}</p>}
    </section>
  );
}
