import { afterEach, describe, expect, it } from 'vitest';
import { SdkError } from './errors.js';
import { createGameHost } from './host.js';
import type { GameHost, HostHandlers } from './host-types.js';
import { handshakeMessage, type ResponseMessage } from './protocol.js';
import { createFakeWindow, createFramedPair, createRecordingLogger, deliver, settle } from './test/fake-window.js';

const GAME_ORIGIN = 'https://game.test';
const hosts: GameHost[] = [];
afterEach(() => {
  for (const host of hosts.splice(0)) host.dispose();
});

/** A started host in a portal page, and the game-side view: the ports it received. */
function setup(handlers: HostHandlers = {}) {
  const { portal, game, asWindow } = createFramedPair();
  const { lines, logger } = createRecordingLogger();
  let gameWindow: Window | null = asWindow(game);
  const host = createGameHost({
    getGameWindow: () => gameWindow,
    gameOrigin: GAME_ORIGIN,
    handlers,
    logger,
    hostWindow: asWindow(portal),
  });
  hosts.push(host);
  const ports: MessagePort[] = [];
  game.addEventListener('message', (event) => ports.push(...(event as MessageEvent).ports));
  const handshake = () => portal.postMessage(handshakeMessage(), '*');
  const removeGameWindow = () => {
    gameWindow = null;
  };
  return { portal, game, host, ports, lines, handshake, removeGameWindow };
}

/** Connects and returns a function that sends a request and waits for its answer. */
async function connected(handlers: HostHandlers) {
  const ctx = setup(handlers);
  ctx.host.start();
  ctx.handshake();
  await settle();
  const port = ctx.ports[0] as MessagePort;
  const answers: ResponseMessage[] = [];
  const events: unknown[] = [];
  port.onmessage = (event) => ('event' in event.data ? events : answers).push(event.data);
  const request = async (id: number, method: string, params?: unknown) => {
    port.postMessage({ id, method, params });
    await settle();
    return answers.find((answer) => answer.id === id);
  };
  return { ...ctx, port, answers, events, request };
}

describe('handshake', () => {
  it('hands over exactly one port, posted to the exact game origin', async () => {
    const { host, game, ports, handshake } = setup();
    host.start();
    handshake();
    await settle();
    expect(ports).toHaveLength(1);
    expect(game.posted).toHaveLength(1);
    expect(game.posted[0]).toMatchObject({ data: { type: 'fxid:port', version: 1 }, targetOrigin: GAME_ORIGIN });
    expect(host.connected).toBe(true);
    ports[0]?.close();
  });

  it('answers a repeated handshake with a warning and no second port', async () => {
    const { host, ports, lines, handshake } = setup();
    host.start();
    handshake();
    await settle();
    handshake();
    await settle();
    expect(ports).toHaveLength(1);
    expect(lines).toContainEqual({
      level: 'warn',
      args: ['fxid host: repeated handshake ignored; the port was handed over already'],
    });
    ports[0]?.close();
  });

  it('ignores handshakes from another origin or another window', async () => {
    const { host, portal, game, ports, lines } = setup();
    host.start();
    deliver(portal, handshakeMessage(), game, 'https://evil.test');
    deliver(portal, handshakeMessage(), createFakeWindow(GAME_ORIGIN), GAME_ORIGIN);
    await settle();
    expect(ports).toHaveLength(0);
    expect(host.connected).toBe(false);
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(2);
  });

  it('ignores unrelated messages and other protocol versions', async () => {
    const { host, portal, game, ports } = setup();
    host.start();
    deliver(portal, { type: 'something-else' }, game, GAME_ORIGIN);
    deliver(portal, { type: 'fxid:handshake', version: 99 }, game, GAME_ORIGIN);
    await settle();
    expect(ports).toHaveLength(0);
  });

  it('throws no_game_window from start() when the game window is missing', () => {
    const { host, removeGameWindow } = setup();
    removeGameWindow();
    expect(() => host.start()).toThrow(SdkError);
    expect(() => host.start()).toThrow(expect.objectContaining({ code: 'no_game_window' }));
  });

  it('reports no_game_window when the game window disappears before the handshake', async () => {
    const { host, ports, lines, handshake, removeGameWindow } = setup();
    host.start();
    removeGameWindow();
    handshake();
    await settle();
    expect(ports).toHaveLength(0);
    const error = lines.find((line) => line.level === 'error')?.args[0];
    expect(error).toBeInstanceOf(SdkError);
    expect(error).toMatchObject({ code: 'no_game_window' });
  });

  it('refuses a wildcard or opaque game origin', () => {
    const options = { getGameWindow: () => null, handlers: {} };
    expect(() => createGameHost({ ...options, gameOrigin: '*' })).toThrow(
      expect.objectContaining({ code: 'unsupported' }),
    );
    expect(() => createGameHost({ ...options, gameOrigin: 'null' })).toThrow(
      expect.objectContaining({ code: 'unsupported' }),
    );
  });
});

describe('requests', () => {
  it('answers with the request id and the handler result, passing params and this', async () => {
    const stat = {
      calls: [] as unknown[],
      event(this: { calls: unknown[] }, params: unknown) {
        this.calls.push(params);
      },
    };
    const { request, port } = await connected({
      urlHash: { get: () => 'level-3' },
      stat: stat as HostHandlers['stat'],
    });
    expect(await request(7, 'urlHash.get')).toEqual({ id: 7, result: 'level-3' });
    expect(await request(8, 'stat.event', { section: 's', type: 't', name: 'n' })).toEqual({
      id: 8,
      result: undefined,
    });
    expect(stat.calls).toEqual([{ section: 's', type: 't', name: 'n' }]);
    port.close();
  });

  it('answers concurrent requests as their handlers finish, out of order', async () => {
    let finishSlow = (_value: boolean) => {};
    const { port, answers } = await connected({
      ads: {
        isVideoReady: () => new Promise<boolean>((resolve) => (finishSlow = resolve)),
        isInterstitialReady: () => true,
      },
    });
    port.postMessage({ id: 1, method: 'ads.isVideoReady' });
    port.postMessage({ id: 2, method: 'ads.isInterstitialReady' });
    await settle();
    finishSlow(false);
    await settle();
    expect(answers).toEqual([
      { id: 2, result: true },
      { id: 1, result: false },
    ]);
    port.close();
  });

  it('answers an unknown method with method_not_found and the spec text', async () => {
    const { request, port } = await connected({ friends: { get: () => [] } });
    expect(await request(1, 'friends.poke')).toEqual({
      id: 1,
      error: { code: 'method_not_found', message: 'Method friends.poke not found.' },
    });
    expect(await request(2, 'nothing')).toMatchObject({ error: { message: 'Method nothing not found.' } });
    port.close();
  });

  it('never resolves built-ins such as toString, constructor or Function.prototype.call', async () => {
    const { request, port } = await connected({ getInfo: () => ({}) as never });
    for (const [id, path] of ['toString', 'constructor', '__proto__', 'getInfo.call', 'hasOwnProperty'].entries()) {
      expect(await request(id, path)).toMatchObject({ error: { code: 'method_not_found' } });
    }
    port.close();
  });

  it('answers a path to a non-function with not_a_function and the spec text', async () => {
    const handlers = { stat: { initialize: () => {}, config: 5 } } as unknown as HostHandlers;
    const { request, port } = await connected(handlers);
    expect(await request(1, 'stat.config')).toEqual({
      id: 1,
      error: { code: 'not_a_function', message: 'The provided path stat.config does not refer to a function.' },
    });
    expect(await request(2, 'stat')).toMatchObject({ error: { code: 'not_a_function' } });
    port.close();
  });

  it('puts handler failures in the error field, keeping an SdkError code', async () => {
    const { request, port } = await connected({
      buyProduct: () => {
        throw new SdkError('cancelled', 'User closed payment window');
      },
      storeFront: async () => {
        throw new Error('store is down');
      },
      authenticateUser: () => Promise.reject({ code: 'guest', message: 'guest' }),
    });
    expect(await request(1, 'buyProduct', { sku: 'stars_100' })).toEqual({
      id: 1,
      error: { code: 'cancelled', message: 'User closed payment window' },
    });
    expect(await request(2, 'storeFront')).toEqual({
      id: 2,
      error: { code: 'handler_failed', message: 'store is down' },
    });
    expect(await request(3, 'authenticateUser')).toMatchObject({ error: { code: 'guest' } });
    port.close();
  });

  it('answers a malformed request that has an id with invalid_request', async () => {
    const { port, answers } = await connected({});
    port.postMessage({ id: 5, method: 42 });
    port.postMessage('junk');
    await settle();
    expect(answers).toEqual([{ id: 5, error: { code: 'invalid_request', message: 'Malformed request' } }]);
    port.close();
  });
});

describe('events', () => {
  it('queues events until the port exists, then delivers them in order', async () => {
    const { host, handshake, ports } = setup();
    host.emit('consentStatus', { applies: true, analytics: false, advertising: true });
    host.start();
    handshake();
    await settle();
    const received: unknown[] = [];
    (ports[0] as MessagePort).onmessage = (event) => received.push(event.data);
    host.emit('pause');
    host.emit('accountChanged', { oldAccountId: null, newAccountId: 'u2' });
    await settle();
    expect(received).toEqual([
      { event: 'consentStatus', payload: { applies: true, analytics: false, advertising: true } },
      { event: 'pause', payload: undefined },
      { event: 'accountChanged', payload: { oldAccountId: null, newAccountId: 'u2' } },
    ]);
    ports[0]?.close();
  });
});
