import { MyGamesStandIn } from '../modules/auth/mygames/mygames-stand-in.js';
import type { StandInClient, StandInUser } from '../modules/auth/oauth2/oauth2-stand-in.js';
import { serveOnLoopback } from './loopback-server.js';

/**
 * MY.GAMES's OAuth server for tests, on loopback HTTP. `authorize` plays the browser at its
 * /oauth2/authorize: the player allows the client and the redirect URL with `code` and our
 * `state` comes back, as the portal page would receive it.
 */
export async function startFakeMyGames(clients: Record<string, StandInClient>, now: () => number) {
  const standIn = new MyGamesStandIn(clients, now);
  const served = await serveOnLoopback((request) => standIn.handle(request));
  return {
    ...served,
    authorize(authorizeUrl: string, user: StandInUser): string {
      const query = new URL(authorizeUrl).searchParams;
      const answer = standIn.server.authorize(query, user);
      if ('error' in answer) throw new Error(answer.error);
      const back = new URL(query.get('redirect_uri') ?? '');
      back.searchParams.set('code', answer.code);
      back.searchParams.set('state', query.get('state') ?? '');
      return back.toString();
    },
  };
}
