import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../shared/api/api-context';
import { startMyGames } from '../../../shared/lib/mygames/mygames-sign-in';
import { Button } from '../../../shared/ui/Button';

/**
 * MY.GAMES under "Other ways to sign in": a redirect to MY.GAMES's authorization page (the
 * development stand-in's in development), which returns to /LoginMyGames.
 */
export function MyGamesSignIn({
  game,
  returnTo,
  onError,
}: {
  game: string;
  returnTo: string;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [busy, setBusy] = useState(false);
  const go = () => {
    setBusy(true);
    startMyGames(api, { game, returnTo, link: false }).then(
      (authorizeUrl) => window.location.assign(authorizeUrl),
      (error: unknown) => {
        setBusy(false);
        onError(error);
      },
    );
  };
  return (
    <Button
      variant="secondary"
      className="col-span-2"
      disabled={busy}
      data-provider="mygames"
      aria-label={t('auth.signInWith', { provider: 'MY.GAMES' })}
      onClick={go}
    >
      MY.GAMES
    </Button>
  );
}
