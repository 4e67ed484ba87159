import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AgConfig } from './ag-config.js';
import { agSign } from './ag-sign.js';

/** sky-runner's AG application in the platform tests; gem-garden has none (and no dev fallback). */
export const TEST_AG_APP = { appId: 'ag-sky-runner', secret: 'test-ag-secret-key-for-sky-runner' };

export const TEST_AG_CONFIG: AgConfig = {
  apps: { 'sky-runner': { appId: TEST_AG_APP.appId, secrets: [TEST_AG_APP.secret] } },
  dev: undefined,
  launchMaxAgeSeconds: 86_400,
};

/** When the test app's clock starts (test/app.ts TEST_START; that folder is not part of the build). */
const TEST_CLOCK_START = Date.UTC(2026, 10, 23, 12);

/** A game_sid issued `ageSeconds` before the test app's clock starts. */
export const agGameSid = (ageSeconds = 0) =>
  `${Math.floor(TEST_CLOCK_START / 1000) - ageSeconds}-${randomBytes(6).toString('hex')}`;

/** The iframe parameters AG gives the game for a player, signed; extra values override before signing. */
export function agLaunchParams(
  playerId: string,
  extra: Record<string, string> = {},
  secret = TEST_AG_APP.secret,
): Record<string, string> {
  const params: Record<string, string> = {
    app_id: TEST_AG_APP.appId,
    player_id: playerId,
    guest: 'false',
    game_sid: agGameSid(),
    invite: '',
    debug: '0',
    ...extra,
  };
  return { ...params, auth_key: agSign(new Map(Object.entries(params)), secret) };
}

export const agLaunchQuery = (...args: Parameters<typeof agLaunchParams>) =>
  `?${new URLSearchParams(agLaunchParams(...args))}`;

export function signInWithAg(
  app: FastifyInstance,
  queryString: string,
  userAuth = '',
  body: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate_from_social',
    payload: {
      Social: 'AbsoluteGames',
      Game: 'sky-runner',
      AbsoluteGamesLogin: { QueryString: queryString, UserAuth: userAuth },
      ...body,
    },
  });
}

/** The spec's AbsoluteGames payment block from iframe parameters. */
export function agPaymentBlock(params: Record<string, string>) {
  return {
    AppId: params.app_id ?? '',
    AuthKey: params.auth_key ?? '',
    Debug: params.debug ?? '',
    GameSid: params.game_sid ?? '',
    PlayerId: params.player_id ?? '',
    Guest: params.guest ?? '',
    Invite: params.invite ?? '',
  };
}

/** AG's payment notification as a form body, signed as AG signs it. */
export function agNotificationBody(fields: Record<string, string>, secret = TEST_AG_APP.secret): string {
  const sign = agSign(new Map(Object.entries(fields)), secret);
  return new URLSearchParams({ ...fields, sign }).toString();
}

export function postAgNotification(app: FastifyInstance, body: string, game = 'sky-runner') {
  return app.inject({
    method: 'POST',
    url: `/api/v1/platforms/ag/payments/${game}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });
}
