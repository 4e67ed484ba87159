import { useApiClient } from '../../../shared/api/api-context';
import { startMyGames } from '../../../shared/lib/mygames/mygames-sign-in';
import { RedirectSignInButton } from './RedirectSignInButton';

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
  const api = useApiClient();
  return (
    <RedirectSignInButton
      provider="mygames"
      label="MY.GAMES"
      start={() => startMyGames(api, { game, returnTo, link: false })}
      onError={onError}
    />
  );
}
