import {
  ConnectFromGameRequestSchema,
  ConnectFromGameResponseSchema,
  GameConnectionResult,
  InviteStatusRequestSchema,
  InviteStatusResponseSchema,
  UpdateConnectGameInviteRequestSchema,
  UpdateConnectGameInviteResponseSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { geoCountry } from '../../http/geo-country.js';
import { problemResponses } from '../../http/responses.js';
import { acceptConnectInvite } from './accept-connect-invite.js';
import { connectFromGame, inviteStatus } from './invites-service.js';

/** How a caller proves it controls a GameUid; shown in the API reference of each game-side route. */
const PROOF_DESCRIPTION = `
**Proof of the game account.** The request carries \`GameUidProof\`, made by the game's
server (never by the game client, which must not hold the secret) for the player it
has signed in:

    iat   = current Unix time in seconds
    text  = "fxid-game-uid-proof:v1\\n" + GameSystemName + "\\n" + GameUid + "\\n" + iat
    proof = "v1." + iat + "." + base64url(HMAC-SHA256(game secret, text))   (no padding)

The game secret is configured per game on the fxid server (\`GAME_SECRETS\`, several
during rotation). A proof is accepted for 15 minutes after \`iat\` (60 s of clock skew);
a bad, stale or other-game proof gets 403 \`forbidden\`.`;

const FAILURES = `
Failures carry \`ErrorCode\` and, for a connection that cannot be made, the numeric
game-connection result in \`L10NParam.GameConnectionResult\`:
${GameConnectionResult.GameTypeAlreadyConnected} \`already_connected\` (the account already has another account of this game),
${GameConnectionResult.GameAccountConnectedToAnotherAccount} \`connected_to_another_account\` (the game account belongs to another account),
${GameConnectionResult.Timeout} \`expired_token\` (the link expired),
${GameConnectionResult.Unknown} \`conflict\` (anything else).`;

/** Connecting a game account to an fxid account by an emailed invite (spec §7). */
export function invitesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/invite/connect_from_game', {
      // Game servers calling for many players from one address belong in RATE_LIMIT_ALLOWLIST.
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['invites'],
        summary: 'Mails the player a link that connects a game account to their fxid account',
        description: `The link opens LoginValidateEmail; using it connects the game account to the account of the address (made on first use) and signs in. The answer is the same whether or not the address has an account. A game account already connected answers 409 connected_to_another_account (1001).\n${PROOF_DESCRIPTION}`,
        body: ConnectFromGameRequestSchema,
        response: { 200: ConnectFromGameResponseSchema, ...problemResponses(400, 403, 404, 409, 429, 503) },
      },
      handler: async (request) => {
        const body = request.body;
        const { expiresAt } = await connectFromGame(ctx, {
          game: body.GameSystemName,
          gameUid: body.GameUid,
          proof: body.GameUidProof,
          email: body.Email,
          locale: body.Locale,
          redirectUri: body.RedirectUri,
        });
        return {
          Success: true as const,
          Result: 'Created' as const,
          ResultCode: GameConnectionResult.Created,
          ExpiresAt: new Date(expiresAt).toISOString(),
        };
      },
    });

    app.post('/invite/status', {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['invites'],
        summary: 'Whether a game account is connected, or where its latest invite stands',
        description: `For a game to poll after connect_from_game. Connected: Success; waiting: Created; link expired: Timeout (1002); failed: the failure (1000, 1001, 1999); never asked: GameTypeNotConnected (1003).\n${PROOF_DESCRIPTION}`,
        body: InviteStatusRequestSchema,
        response: { 200: InviteStatusResponseSchema, ...problemResponses(400, 403, 404, 429, 503) },
      },
      handler: async (request) =>
        inviteStatus(ctx, {
          game: request.body.GameSystemName,
          gameUid: request.body.GameUid,
          proof: request.body.GameUidProof,
        }),
    });

    app.post('/invite/update_connect_game_invite', {
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['invites'],
        summary: 'Uses a game-connection link: connects the game account and signs in (consumes the link)',
        description: `Called by the LoginValidateEmail page for links with inviteType=connect_game. Opening the page alone never uses the link, so mail scanners cannot burn it; a used link answers 400 invalid_token.\n${FAILURES}`,
        body: UpdateConnectGameInviteRequestSchema,
        response: { 200: UpdateConnectGameInviteResponseSchema, ...problemResponses(400, 409, 429) },
      },
      handler: async (request) => {
        const accepted = await acceptConnectInvite(
          ctx,
          request.body.InviteToken,
          geoCountry(ctx.config, request.headers),
        );
        return {
          Success: true as const,
          Result: accepted.result,
          ResultCode: GameConnectionResult[accepted.result],
          Token: accepted.token,
          RedirectUri: accepted.redirectUri,
          Game: accepted.game,
          GameUid: accepted.gameUid,
        };
      },
    });
  };
}
