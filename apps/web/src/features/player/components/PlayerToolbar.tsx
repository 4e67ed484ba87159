import { lazy, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appUrl } from '../../../shared/config/app-url';
import { usePageConfig } from '../../../shared/config/page-config-context';
import { useSite } from '../../../shared/config/use-site';
import { useAuthToken } from '../../../shared/lib/auth-token';
import { Button } from '../../../shared/ui/Button';
import { buttonClass } from '../../../shared/ui/button-styles';
import { ExpandIcon, GridIcon, ShareIcon, ShrinkIcon, UserIcon, UsersIcon } from '../../../shared/ui/icons';
import { LazyLinkShareModal } from '../../../shared/ui/modals/lazy-modals';
import { useModals } from '../../../shared/ui/modals/modal-manager';

// Opened rarely and only by signed-in players: loads on first use.
const LazyProfileModal = lazy(async () => ({
  default: (await import('../../../entities/profile/components/ProfileModal')).ProfileModal,
}));
const LazySocialModal = lazy(async () => ({
  default: (await import('../../../entities/friends/components/SocialModal')).SocialModal,
}));

/** A button's words: beside its icon from the small breakpoint up, for screen readers only on phones. */
function Label({ children }: { children: string }) {
  return <span className="sr-only sm:not-sr-only">{children}</span>;
}

/**
 * The game's name and what the player can do around it: share, full screen, back to all games.
 * `children` (the game's alerts) sit above the row on narrow screens and between the name and
 * the buttons on wide ones, where one line holds them all and leaves the height to the game.
 */
export function PlayerToolbar({
  name,
  game,
  player,
  children,
}: {
  name: string;
  game: string;
  /** The element shown in full screen: the whole player, toolbar included. */
  player: HTMLElement | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const config = usePageConfig();
  const site = useSite();
  const modals = useModals();
  const signedIn = useAuthToken() !== null;
  const [fullScreen, setFullScreen] = useState(false);
  useEffect(() => {
    const onChange = () => setFullScreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFullScreen = () => {
    // Browsers refuse full screen in some embeddings; the game simply stays in the page (spec §8).
    const request = fullScreen ? document.exitFullscreen() : player?.requestFullscreen();
    request?.catch(() => {});
  };
  const share = () =>
    modals.open(() => (
      <LazyLinkShareModal url={appUrl(config, `/play/${game}`)} title={t('landing.shareGame', { name })} />
    ));

  // Wraps rather than widening the page: a phone shows icons, and a long name or language still fits.
  return (
    <div className="flex flex-wrap items-center gap-2 text-white">
      <h1 className="min-w-0 flex-[1_1_7rem] truncate text-lg font-bold sm:text-xl lg:flex-initial">{name}</h1>
      {children}
      <div className="ms-auto flex flex-wrap items-center gap-2">
        {signedIn && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => modals.open(() => <LazySocialModal game={game} name={name} />)}
          >
            <UsersIcon /> <Label>{t('friends.social')}</Label>
          </Button>
        )}
        {signedIn && (
          <Button variant="secondary" size="sm" onClick={() => modals.open(() => <LazyProfileModal />)}>
            <UserIcon /> <Label>{t('header.profile')}</Label>
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={share}>
          <ShareIcon /> <Label>{t('common.share')}</Label>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={toggleFullScreen}
          aria-label={fullScreen ? t('common.exitFullScreen') : t('common.fullScreen')}
        >
          {fullScreen ? <ShrinkIcon /> : <ExpandIcon />}
        </Button>
        {!site.singleGame && (
          <Link to="/" className={buttonClass('secondary', 'sm')}>
            <GridIcon /> <Label>{t('common.allGames')}</Label>
          </Link>
        )}
      </div>
    </div>
  );
}
