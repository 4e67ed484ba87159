import type { FxEvent } from '@fxid/sdk';
import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';

/** GET /cross-play/events/rules (B): the event codes of the game that count. */
export async function fetchCrossPlayCodes(api: ApiClient, token: string, game: string): Promise<Set<string>> {
  const { Rules } = await unwrap(
    api.GET('/api/v1/cross-play/events/rules', { params: { query: { Game: game } }, headers: bearerHeaders(token) }),
  );
  return new Set(Rules.map((rule) => rule.Code));
}

/** POST /cross-play/events/send (B): one in-game event of the game (spec §3, "In-game event"). */
export async function sendCrossPlayEvent(api: ApiClient, token: string, game: string, event: FxEvent): Promise<void> {
  await unwrap(
    api.POST('/api/v1/cross-play/events/send', {
      headers: bearerHeaders(token),
      body: {
        GameSystemName: game,
        EventCode: event.eventCode,
        // The server's default too: an event counts once.
        Value: event.value ?? 1,
        ...(event.p1 === undefined ? {} : { P1: event.p1 }),
        ...(event.p2 === undefined ? {} : { P2: event.p2 }),
        ...(event.p3 === undefined ? {} : { P3: event.p3 }),
      },
    }),
  );
}
