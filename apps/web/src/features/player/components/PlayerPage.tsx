import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGamesList } from '../../../entities/game/api/games-list';
import { usePublicGameConfig } from '../../../entities/game/api/public-game-config';
import { useBranding } from '../../../entities/game/branding';
import { NewsAlerts } from '../../../entities/news/NewsAlerts';
import { useNews } from '../../../entities/news/news';
import { useAccount } from '../../../entities/profile/api/account';
import { usePageConfig } from '../../../shared/config/page-config-context';
import { platformOf } from '../../../shared/config/site';
import { useSite } from '../../../shared/config/use-site';
import { useAuthToken } from '../../../shared/lib/auth-token';
import { useNavigateToError } from '../../../shared/lib/error-navigation';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { useIdle } from '../../../shared/lib/use-idle';
import { Spinner } from '../../../shared/ui/Spinner';
import { useLaunchData } from '../api/launch';
import { useDocumentGate } from '../hooks/use-document-gate';
import { useKeptWhileReloading } from '../hooks/use-kept-while-reloading';
import { usePlatformAdapter } from '../hooks/use-platform-adapter';
import { useViewportFill } from '../hooks/use-viewport-fill';
import { presentationFor } from '../lib/presentation';
import { GameNotFound, isGameNotFound } from './GameNotFound';
import { GameStage } from './GameStage';
import { LoaderScreen } from './LoaderScreen';
import { PlayerToolbar } from './PlayerToolbar';

// Loaded beside the game, not before the page's first paint: the channel (every SDK method) and,
// for Unity builds only, the canvas that runs them.
const GameChannel = lazy(async () => ({ default: (await import('./GameChannel')).GameChannel }));
const UnityCanvas = lazy(async () => ({ default: (await import('./UnityCanvas')).UnityCanvas }));

/** The longest the game waits for the page's first idle moment: the game is what the page is for. */
const GAME_START_WAIT_MS = 200;

const isMobileDevice = () => window.matchMedia('(pointer: coarse)').matches;

/**
 * The game player: /play/{game}, /player/{game}, their /iframe/{adapter} forms, and
 * the home of a single-game site. An address that names no game says so in place; a game
 * that cannot be loaded otherwise sends the player to /error.
 */
export function PlayerPage() {
  const { i18n } = useTranslation();
  const config = usePageConfig();
  const site = useSite();
  const { branding } = useBranding();
  const toError = useNavigateToError();
  const platform = platformOf(site.adapter);
  // The host platform's adapter; where the platform says who plays (VK), that player is signed in first.
  const active = usePlatformAdapter(site.requestedAdapter, site.game);
  const publicConfigQuery = usePublicGameConfig(site.game, platform);
  const launchQuery = useLaunchData(site.game, platform);
  const publicConfig = {
    data: useKeptWhileReloading(site.game, publicConfigQuery.data),
    error: publicConfigQuery.error,
  };
  const launch = { data: useKeptWhileReloading(site.game, launchQuery.data), error: launchQuery.error };
  const account = useAccount();
  const token = useAuthToken();
  const games = useGamesList(i18n.resolvedLanguage ?? config.DefaultLocale);
  // The game's alerts sit above it: the player waits for them (asked in parallel with the game's
  // configuration), so that the game does not move down when they arrive (a layout shift). Only
  // the first time: a new language or a sign-in fetches them again under the running game.
  const newsQuery = useNews(i18n.resolvedLanguage ?? config.DefaultLocale, site.game);
  const news = useKeptWhileReloading(site.game, newsQuery.data);
  const newsWaiting = newsQuery.isPending && news === undefined;
  const game = games.data?.find((item) => item.GameSystemName === site.game);
  const name = game?.Name ?? site.game ?? '';
  useDocumentTitle(game?.Name, branding.BrandName);

  const [ready, setReady] = useState(false);
  const [isMobile] = useState(isMobileDevice);
  const [player, setPlayer] = useState<HTMLElement | null>(null);
  const height = useViewportFill(player);
  // The game learns later language changes by event: a new address would reload it.
  const [launchLanguage] = useState(() => i18n.resolvedLanguage ?? i18n.language);
  // The game mounts only after the signed-in player accepted the documents due, and once the page
  // around it has painted: its frame, its channel's code and its start-up work then come after the
  // page's first paint (its largest text, the game's alerts) instead of holding it back.
  const documentsAccepted = useDocumentGate(active.adapter ? site.game : undefined, token);
  const shown = !!(site.game && publicConfig.data && launch.data && active.adapter && !newsWaiting);
  const painted = useIdle(shown, GAME_START_WAIT_MS);
  const gameStarts = documentsAccepted && painted;
  const gameUrl =
    gameStarts && launch.data?.IframeGame
      ? withQuery(launch.data.IframeGame.IframeUrl, launch.data.LaunchData.AppendToQuery, launchLanguage)
      : undefined;
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const channel = {
    game: site.game ?? '',
    platform,
    name,
    gameUrl,
    account: token ? account.data : undefined,
    token,
    // Only the current player's token, never one kept from before a sign-in or sign-out.
    gameJwt: launchQuery.data?.GameJwt,
    publicConfig: publicConfig.data,
    isMobile,
    onLoadingReady: () => setReady(true),
  };

  const failure = publicConfig.error ?? launch.error ?? active.error;
  const notFound = isGameNotFound(failure);
  useEffect(() => {
    if (failure && !notFound) toError(failure);
  }, [failure, notFound, toError]);

  if (notFound && site.game) return <GameNotFound game={site.game} />;
  if (!shown || !site.game || !publicConfig.data || !launch.data || !active.adapter)
    return (
      // As high as the player will be, so that the footer below stays where it will be.
      <div className="h-[calc(100dvh-6rem)] min-h-80">
        <Spinner />
      </div>
    );
  const { PublicGameData: data, PublicWebClientConfig: web } = publicConfig.data;
  const { UnityGameConfig } = launch.data;
  const loader = ready ? null : (
    <LoaderScreen
      name={name}
      background={web.LoaderScreen.BackgroundColor}
      imageUrl={web.LoaderScreen.ImageUrl}
      logoUrl={branding.Logos.WebPlayerLogo}
    />
  );

  return (
    <section
      ref={setPlayer}
      aria-label={name}
      // Down to the bottom of the screen, measured; the fallback until then leaves room for the site header.
      style={{ height }}
      className="mx-auto flex h-[calc(100dvh-6rem)] min-h-80 w-full max-w-7xl flex-col gap-2 px-2 pb-2 sm:px-4"
    >
      {painted && (
        <Suspense fallback={null}>
          <GameChannel frame={frame} adapter={active.adapter} features={active.features} {...channel} />
        </Suspense>
      )}
      <PlayerToolbar name={name} game={site.game} player={player}>
        {/* The game's Alert and Critical news (and the portal's) stay in sight above it, as on the landing. */}
        <NewsAlerts
          game={site.game}
          compact
          className="order-first basis-full space-y-2 lg:order-none lg:min-w-0 lg:flex-1 lg:basis-0"
        />
      </PlayerToolbar>
      <div className="min-h-0 flex-1 overflow-hidden rounded-2xl bg-slate-950 shadow-xl ring-1 ring-black/10">
        <GameStage
          name={name}
          frame={setFrame}
          gameUrl={gameUrl}
          presentation={presentationFor(data, isMobile)}
          orientation={isMobile ? data.MobileGameOrientation : data.GameOrientation}
          touch={isMobile}
          loader={loader}
        >
          {gameStarts && UnityGameConfig && (
            <Suspense fallback={null}>
              <UnityCanvas build={UnityGameConfig} onReady={() => setReady(true)} onError={(error) => toError(error)} />
            </Suspense>
          )}
        </GameStage>
      </div>
    </section>
  );
}

/** The game URL with the launch data's query and the portal language appended. */
function withQuery(url: string, appendToQuery: string, language: string): string {
  const target = new URL(url, window.location.href);
  for (const [key, value] of new URLSearchParams(appendToQuery)) target.searchParams.set(key, value);
  target.searchParams.set('lang', language);
  return target.origin === window.location.origin ? `${target.pathname}${target.search}` : target.href;
}
