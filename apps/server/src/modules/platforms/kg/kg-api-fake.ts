import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';

/**
 * A fake of Kongregate's server API (development simulator and tests), over real HTTP as
 * Kongregate serves it (platform-protocols.md §3): `GET /api/authenticate.json`,
 * `GET /api/user_items.json`, `POST /api/use_item.json` (form), answered with Kongregate's
 * `{ success, … }` JSON. Players, their game auth tokens and their items are kept per API key
 * (per game), as Kongregate keeps them per game; the simulator adds what Kongregate would:
 * a player who opens the game, an item the player bought with kreds.
 */
export interface FakeKongregate {
  /** A Kongregate player of the game with this API key; answers their game auth token. */
  addUser(apiKey: string, userId: string, username: string): string;
  /** An item the player bought with kreds (`mtx.purchaseItems`): a new inventory instance; its id. */
  grantItem(apiKey: string, userId: string, identifier: string): string;
  /** The player's inventory in that game (used-up items have 0 remaining uses). */
  items(apiKey: string, userId: string): { id: string; identifier: string; remaining_uses: number }[];
  /** Answers 500 from now on (Kongregate down), or serves again. */
  down(isDown: boolean): void;
  /** Refuses use_item from now on (an item Kongregate will not use up), or uses items again. */
  refuseUse(refuse: boolean): void;
  /** The Fastify plugin serving the API, to register under any prefix. */
  routes: FastifyPluginAsync;
}

export function createFakeKongregate(): FakeKongregate {
  const users = new Map<string, { username: string; token: string }>();
  const inventories = new Map<string, { id: string; identifier: string; remaining_uses: number }[]>();
  let nextItemId = 9000;
  let isDown = false;
  let refusingUse = false;
  const key = (apiKey: string, userId: string) => `${apiKey}\n${userId}`;
  const failure = (description: string) => ({ success: false, error: 400, error_description: description });

  const routes: FastifyPluginAsync = async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    app.addHook('onRequest', async (_request, reply) => {
      if (isDown) await reply.code(500).send('Kongregate is down');
    });
    const authenticated = (params: Record<string, string | undefined>) => {
      const user = users.get(key(params.api_key ?? '', params.user_id ?? ''));
      return user && params.game_auth_token === user.token ? user : undefined;
    };

    app.get('/api/authenticate.json', { schema: { hide: true } }, async (request) => {
      const params = request.query as Record<string, string | undefined>;
      const user = authenticated(params);
      if (!user) return failure('Invalid user id or game auth token');
      return { success: true, username: user.username, user_id: Number(params.user_id) };
    });

    app.get('/api/user_items.json', { schema: { hide: true } }, async (request) => {
      const { api_key = '', user_id = '' } = request.query as Record<string, string | undefined>;
      const items = (inventories.get(key(api_key, user_id)) ?? []).filter((item) => item.remaining_uses > 0);
      return {
        success: true,
        items: items.map((item) => ({ ...item, id: Number(item.id), name: item.identifier, data: null })),
      };
    });

    app.post('/api/use_item.json', { schema: { hide: true } }, async (request) => {
      const params = (request.body ?? {}) as Record<string, string | undefined>;
      if (!authenticated(params)) return failure('Invalid user id or game auth token');
      const item = inventories
        .get(key(params.api_key ?? '', params.user_id ?? ''))
        ?.find((one) => one.id === params.id);
      if (refusingUse || !item || item.remaining_uses < 1) return failure('Item not found or used up');
      item.remaining_uses -= 1;
      return { success: true, remaining_uses: item.remaining_uses, usage_record_id: Number(item.id) * 10 };
    });
  };

  return {
    addUser(apiKey, userId, username) {
      const token = randomBytes(24).toString('hex');
      users.set(key(apiKey, userId), { username, token });
      return token;
    },
    grantItem(apiKey, userId, identifier) {
      const id = String(nextItemId++);
      const list = inventories.get(key(apiKey, userId)) ?? [];
      list.push({ id, identifier, remaining_uses: 1 });
      inventories.set(key(apiKey, userId), list);
      return id;
    },
    items: (apiKey, userId) => [...(inventories.get(key(apiKey, userId)) ?? [])],
    down: (value) => {
      isDown = value;
    },
    refuseUse: (value) => {
      refusingUse = value;
    },
    routes,
  };
}
