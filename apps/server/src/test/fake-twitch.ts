import type { StandInClient, StandInUser } from '../modules/auth/oauth2/oauth2-stand-in.js';
import { TwitchStandIn } from '../modules/data-connections/twitch/twitch-stand-in.js';
import { serveOnLoopback } from './loopback-server.js';

/**
 * Twitch's id server for tests, on loopback HTTP (the server's calls go over real HTTP).
 * `authorize` plays the browser at Twitch's /oauth2/authorize: the player allows the
 * application and the code Twitch appends to the redirect URL comes back.
 */
export async function startFakeTwitch(clients: Record<string, StandInClient>, now: () => number) {
  const standIn = new TwitchStandIn(clients, now);
  const calls: string[] = [];
  const served = await serveOnLoopback((request) => {
    calls.push(`${request.method} ${request.url.pathname}`);
    return standIn.handle(request);
  });
  return {
    ...served,
    calls,
    authorize(clientId: string, redirectUri: string, user: StandInUser, scope = 'user:read:email') {
      const answer = standIn.authorize(
        new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, response_type: 'code', scope }),
        user,
      );
      if ('error' in answer) throw new Error(answer.error);
      return answer.code;
    },
  };
}
