import {
  FriendAcceptInviteRequestSchema,
  FriendAcceptInviteResponseSchema,
  FriendInviteRequestSchema,
  FriendInviteResponseSchema,
  FriendStatusRequestSchema,
  FriendStatusResponseSchema,
  FriendsGetRequestSchema,
  FriendsGetResponseSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { accountOf } from '../../http/authenticate.js';
import { perPlayer } from '../../http/rate-limits.js';
import { problemResponses } from '../../http/responses.js';
import { acceptInvite, getFriends, inviteLink, setStatus } from './friends-service.js';

/** Friends made through invite links, and their status updates (spec §3, Friend). */
export function friendsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/friends/get', {
      config: { ...perPlayer(60, '1 minute'), auth: 'bearer' },
      schema: {
        tags: ['friends'],
        summary: "The player's friends and their status updates from the last year",
        body: FriendsGetRequestSchema,
        response: { 200: FriendsGetResponseSchema, ...problemResponses(400, 401, 404, 429) },
      },
      handler: async (request) => getFriends(ctx, accountOf(request), request.body),
    });

    app.post('/friends/status', {
      config: { ...perPlayer(30, '1 minute'), auth: 'bearer' },
      schema: {
        tags: ['friends'],
        summary: "Sets the player's status in a game, shown to their friends for a year",
        body: FriendStatusRequestSchema,
        response: { 200: FriendStatusResponseSchema, ...problemResponses(400, 401, 404, 429) },
      },
      handler: async (request) => {
        await setStatus(ctx, accountOf(request), request.body);
        return { Success: true as const };
      },
    });

    app.post('/friends/send_invite_notification', {
      config: { ...perPlayer(30, '1 minute'), auth: 'bearer' },
      schema: {
        tags: ['friends'],
        summary: "The player's invite link (a go link carrying their fxref) for the portal to share",
        description:
          'Sends nothing by itself: the portal shares the link through the platform (share, invite or copy). ' +
          'A player who signs in after following it reports the fxref to /friends/accept_invite.',
        body: FriendInviteRequestSchema,
        response: { 200: FriendInviteResponseSchema, ...problemResponses(400, 401, 404, 429) },
      },
      handler: async (request) => inviteLink(ctx, accountOf(request), request.body),
    });

    app.post('/friends/accept_invite', {
      config: { ...perPlayer(20, '10 minutes'), auth: 'bearer' },
      schema: {
        tags: ['friends'],
        summary: 'Makes the signed-in player a friend of whoever shared the invite link',
        description:
          'The portal calls this with the fxref of an invite link (/go?…&fxref=…) once the player is signed ' +
          'in: at once when they arrived signed in, or right after sign-in. Repeating it is harmless. ' +
          "Unknown fxref: 404 not_found; the player's own: 409 conflict.",
        body: FriendAcceptInviteRequestSchema,
        response: { 200: FriendAcceptInviteResponseSchema, ...problemResponses(400, 401, 404, 409, 429) },
      },
      handler: async (request) => acceptInvite(ctx, accountOf(request), request.body.Fxref),
    });
  };
}
