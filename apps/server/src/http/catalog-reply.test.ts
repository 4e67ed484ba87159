import Fastify from 'fastify';
import { expect, it } from 'vitest';
import type { GameCatalog } from '../modules/catalog/game-catalog.js';
import { useTestApp } from '../test/app.js';
import { describeEachEngine } from '../test/databases.js';
import { signIn } from '../test/sign-in.js';
import { checkoutIdOf, choose, createPayment, storePost } from '../test/store.js';
import { createCatalogReplies } from './catalog-reply.js';

// Public catalog reads are sent from memory with an ETag; what depends
// on the player (the store front's Owned) never is, and never reaches a shared cache.
describeEachEngine('catalog replies', (engine) => {
  const testApp = useTestApp(engine);

  it('sends a public game config with an ETag and answers 304 when the browser already has it', async () => {
    const { app } = testApp();
    const url = '/api/v1/public_game_config/sky-runner?WebPublishingPlatform=FxId';
    const first = await app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"\d+-[\w-]+"$/);
    expect(first.json()).toMatchObject({ PublicGameData: expect.any(Object), CompanyBranding: expect.any(Object) });

    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': `"other", ${etag}` } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const stale = await app.inject({ method: 'GET', url, headers: { 'if-none-match': '"0-stale"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it('keeps errors out of memory: an unknown game answers its problem every time', async () => {
    const { app } = testApp();
    for (let i = 0; i < 2; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/info/news',
        payload: { GameSystemName: 'no-such-game', Locale: 'en' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().ErrorCode).toBe('game_not_found');
      expect(response.headers.etag).toBeUndefined();
    }
  });

  it('answers POST reads from memory with a tag per input, the same body each time, and never 304', async () => {
    const { app } = testApp();
    const read = (Locale: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: '/api/v1/games/list', payload: { Locale }, headers });
    const [en, enAgain, ru] = [await read('en'), await read('en'), await read('ru')];
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(enAgain.body).toBe(en.body);
    expect(enAgain.headers.etag).toBe(en.headers.etag);
    expect(ru.headers.etag).not.toBe(en.headers.etag);
    expect((en.json().AvailableGames as unknown[]).length).toBeGreaterThan(0);
    expect((await read('en', { 'if-none-match': String(en.headers.etag) })).statusCode).toBe(200);
  });

  it("keeps a signed-in player's store front personal: never from the shared answer, never cacheable", async () => {
    const { app, database } = testApp();
    const token = await signIn(app, database.handle.db, 'cache-owner@example.com');
    const created = await createPayment(app, token, 'sky-runner', 'no_ads');
    expect((await choose(app, checkoutIdOf(created), 'Pay')).statusCode).toBe(200);
    await app.runOutbox();

    const front = (bearer?: string) => storePost(app, '/store_data', { Game: 'sky-runner' }, bearer);
    const owned = (response: Awaited<ReturnType<typeof front>>) =>
      (response.json().Products as { Sku: string; Owned: boolean }[]).find((product) => product.Sku === 'no_ads')
        ?.Owned;

    const guestBefore = await front();
    const player = await front(token);
    const guestAfter = await front();
    const playerAgain = await front(token);
    expect([owned(guestBefore), owned(player), owned(guestAfter), owned(playerAgain)]).toEqual([
      false,
      true,
      false,
      true,
    ]);
    expect(player.headers['cache-control']).toBe('private, no-store');
    expect(player.headers.etag).toBeUndefined();
    expect(player.headers.vary).toMatch(/authorization/i);
    expect(guestAfter.headers['cache-control']).toBe('public, no-cache');
    expect(guestAfter.headers.vary).toMatch(/authorization/i);
    expect(guestAfter.body).toBe(guestBefore.body);
    // Another player who bought nothing is not shown the first one's purchase.
    const other = await front(await signIn(app, database.handle.db, 'cache-other@example.com'));
    expect(owned(other)).toBe(false);
  });
});

it('builds an answer once per catalog version and input, and sends it from memory until the version moves', async () => {
  let version = 1;
  /** The version known without waiting: unknown (undefined) makes the reader ask version(). */
  let known: number | undefined = 1;
  const catalog = { version: async () => version, knownVersion: () => known } as unknown as GameCatalog;
  const fromCatalog = createCatalogReplies(catalog);
  const builds: string[] = [];
  const app = Fastify();
  app.post<{ Body: { A?: string; B?: string } }>('/read', async (request, reply) => {
    const { A, B } = request.body;
    return fromCatalog(request, reply, [A, B], async () => {
      builds.push(`${A}|${B}@${version}`);
      return { A: A ?? null, B: B ?? null, version };
    });
  });
  const read = async (body: object) => {
    const response = await app.inject({ method: 'POST', url: '/read', payload: body });
    return [response.json(), response.headers.etag] as const;
  };

  const [first, tag] = await read({ A: 'x' });
  expect(first).toEqual({ A: 'x', B: null, version: 1 });
  expect(await read({ A: 'x' })).toEqual([first, tag]);
  // Absent and empty are different inputs, and so are the same values in other places.
  await read({ A: 'x', B: '' });
  await read({ B: 'x' });
  expect(builds).toEqual(['x|undefined@1', 'x|@1', 'undefined|x@1']);

  // A version to confirm: asked for, and the kept answer still serves while it stays.
  known = undefined;
  expect(await read({ A: 'x' })).toEqual([first, tag]);
  expect(builds).toHaveLength(3);

  // An import moved it: each input is built again once, under a new tag.
  version = 2;
  known = 2;
  const [second, newTag] = await read({ A: 'x' });
  expect(second).toEqual({ A: 'x', B: null, version: 2 });
  expect(newTag).not.toBe(tag);
  await read({ A: 'x' });
  expect(builds).toEqual(['x|undefined@1', 'x|@1', 'undefined|x@1', 'x|undefined@2']);
  await app.close();
});
