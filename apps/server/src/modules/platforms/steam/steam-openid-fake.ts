import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { OPENID_NS } from './steam-openid.js';

/**
 * A fake of Steam's OpenID 2.0 provider (development simulator and tests), over real HTTP:
 * `GET …/login` (checkid_setup) signs the player in at once and sends the browser back to
 * `return_to` with a positive assertion, signed in stateless mode as Steam signs (a private
 * association); `POST …/login` answers `check_authentication` in key-value form, each nonce once.
 */
export interface FakeSteamOpenId {
  /** A positive assertion for `steamId` returning to `returnTo`, as Steam sends it back. */
  assertion(returnTo: string, steamId: string, options?: { nonceTime?: number }): URLSearchParams;
  /** Answers 429 to check_authentication from now on (Steam rate-limiting), or serves again. */
  limit(isLimited: boolean): void;
  routes: FastifyPluginAsync;
}

const SIGNED = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];

/** `endpoint` is the URL Steam names itself by (`op_endpoint`): the route's own, read at request time. */
export function createFakeSteamOpenId(endpoint: () => string): FakeSteamOpenId {
  const secret = randomBytes(32);
  const checked = new Set<string>();
  let limited = false;
  const signature = (fields: (name: string) => string) =>
    createHmac('sha256', secret)
      .update(SIGNED.map((name) => `${name}:${fields(name)}\n`).join(''))
      .digest('base64');

  const assertion: FakeSteamOpenId['assertion'] = (returnTo, steamId, options = {}) => {
    const time = new Date(options.nonceTime ?? Date.now()).toISOString().replace(/\.\d+Z$/, 'Z');
    const claimed = `https://steamcommunity.com/openid/id/${steamId}`;
    const fields: Record<string, string> = {
      op_endpoint: endpoint(),
      claimed_id: claimed,
      identity: claimed,
      return_to: returnTo,
      response_nonce: `${time}${randomBytes(6).toString('base64url')}`,
      assoc_handle: '1234567890',
    };
    return new URLSearchParams({
      'openid.ns': OPENID_NS,
      'openid.mode': 'id_res',
      ...Object.fromEntries(Object.entries(fields).map(([name, value]) => [`openid.${name}`, value])),
      'openid.signed': `signed,${SIGNED.join(',')}`,
      'openid.sig': signature((name) => fields[name] ?? ''),
    });
  };

  const routes: FastifyPluginAsync = async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, new URLSearchParams(String(body))),
    );
    app.get('/login', { schema: { hide: true } }, async (request, reply) => {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const returnTo = query.get('openid.return_to') ?? '';
      if (query.get('openid.mode') !== 'checkid_setup' || !/^https?:\/\//.test(returnTo)) {
        return reply.code(400).type('text/plain').send('Bad OpenID request');
      }
      // The simulated player signs in at once: a fresh Steam account each time.
      const steamId = `7656119${randomInt(8_000_000_000, 9_999_999_999)}`;
      const separator = returnTo.includes('?') ? '&' : '?';
      return reply.redirect(`${returnTo}${separator}${assertion(returnTo, steamId)}`);
    });
    app.post('/login', { schema: { hide: true } }, async (request, reply) => {
      if (limited) return reply.code(429).type('text/plain').send('Too Many Requests');
      const body = request.body as URLSearchParams;
      const field = (name: string) => body.get(`openid.${name}`) ?? '';
      const nonce = field('response_nonce');
      const valid =
        field('mode') === 'check_authentication' &&
        field('sig') === signature(field) &&
        field('op_endpoint') === endpoint() &&
        !checked.has(nonce);
      if (valid) checked.add(nonce);
      return reply.type('text/plain').send(`ns:${OPENID_NS}\nis_valid:${valid}\n`);
    });
  };

  return {
    assertion,
    limit: (value) => {
      limited = value;
    },
    routes,
  };
}
