import { lazy, type RefObject, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appUrl } from '../../../shared/config/app-url';
import { usePageConfig } from '../../../shared/config/page-config-context';
import { useSite } from '../../../shared/config/use-site';
import { useAuthToken } from '../../../shared/lib/auth-token';
import { Button } from '../../../shared/ui/Button';
import { buttonClass } from '../../../shared/ui/button-styles';
import { ExpandIcon, ShareIcon, ShrinkIcon } from '../../../shared/ui/icons';
import { LazyLinkShareModal } from '../../../shared/ui/modals/lazy-modals';
import { useModals } from '../../../shared/ui/modals/modal-manager';

// Opened rarely and only by signed-in players: loads on first use.
const LazyProfileModal = lazy(async () => ({
  default: (await import('../../../entities/profile/components/ProfileModal')).ProfileModal,
}));
const LazySocialModal = lazy(async () => ({
  default: (await import('../../../entities/friends/components/SocialModal')).SocialModal,
}));

/** The game's name and what the player can do around it: share, full screen, back to all games. */
export function PlayerToolbar({
  name,
  game,
  player,
}: {
  name: string;
  game: string;
  player: RefObject<HTMLElement | null>;
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
    const request = fullScreen ? document.exitFullscreen() : player.current?.requestFullscreen();
    request?.catch(() => {});
  };
  const share = () =>
    modals.open(() => (
      <LazyLinkShareModal url={appUrl(config, `/play/${game}`)} title={t('landing.shareGame', { name })} />
    ));

  return (
    <div className="flex items-center gap-2 text-white">
      <h1 className="min-w-0 flex-1 truncate text-lg font-bold sm:text-xl">{name}</h1>
      {signedIn && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => modals.open(() => <LazySocialModal game={game} name={name} />)}
        >
          {t('friends.social')}
        </Button>
      )}
      {signedIn && (
        <Button variant="secondary" size="sm" onClick={() => modals.open(() => <LazyProfileModal />)}>
          {t('header.profile')}
        </Button>
      )}
      <Button variant="secondary" size="sm" onClick={share}>
        <ShareIcon /> {t('common.share')}
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
          {t('common.allGames')}
        </Link>
      )}
    </div>
  );
}
