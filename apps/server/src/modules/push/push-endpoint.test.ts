import { describe, expect, it } from 'vitest';
import { endpointProblem, isBlockedAddress } from './push-endpoint.js';
import { parseSubscription } from './push-subscription.js';

const production = (resolved: Record<string, string[]>) => ({
  production: true,
  resolve: async (host: string) => {
    const addresses = resolved[host];
    if (!addresses) throw new Error(`ENOTFOUND ${host}`);
    return addresses;
  },
});

describe('push endpoint check (row 48)', () => {
  it('blocks private, loopback, link-local and reserved addresses of both families', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      'fe80::1',
      'fd00::1',
      'fc00::1',
      '64:ff9b::a9fe:a9fe',
      'not an address',
    ]) {
      expect(isBlockedAddress(address), address).toBe(true);
    }
    for (const address of ['142.250.185.74', '8.8.8.8', '2607:f8b0:4005:80a::200a']) {
      expect(isBlockedAddress(address), address).toBe(false);
    }
  });

  it('accepts public https endpoints on the default port', async () => {
    const options = production({ 'fcm.googleapis.com': ['142.250.185.74', '2607:f8b0:4005:80a::200a'] });
    expect(await endpointProblem('https://fcm.googleapis.com/fcm/send/abc', options)).toBeUndefined();
    expect(await endpointProblem('https://142.250.185.74:443/x', options)).toBeUndefined();
  });

  it('refuses http, credentials, other ports, internal literals and names that resolve inside', async () => {
    const options = production({
      'metadata.internal': ['169.254.169.254'],
      'mixed.example.com': ['142.250.185.74', '10.0.0.5'],
      'empty.example.com': [],
    });
    const cases: [string, string][] = [
      ['http://fcm.googleapis.com/x', 'The subscription endpoint must be an https URL'],
      ['ftp://fcm.googleapis.com/x', 'The subscription endpoint must be an https URL'],
      ['not a url', 'The subscription endpoint is not a URL'],
      ['https://user:pw@fcm.googleapis.com/x', 'The subscription endpoint must not carry credentials'],
      ['https://fcm.googleapis.com:8443/x', 'The subscription endpoint must use the default https port'],
      ['https://169.254.169.254/latest/meta-data', 'The subscription endpoint must be a public host'],
      ['https://127.0.0.1/x', 'The subscription endpoint must be a public host'],
      ['https://2130706433/x', 'The subscription endpoint must be a public host'],
      ['https://0x7f.1/x', 'The subscription endpoint must be a public host'],
      ['https://[::1]/x', 'The subscription endpoint must be a public host'],
      ['https://[::ffff:169.254.169.254]/x', 'The subscription endpoint must be a public host'],
      ['https://[fd12::1]/x', 'The subscription endpoint must be a public host'],
      ['https://metadata.internal/x', 'The subscription endpoint must be a public host'],
      ['https://mixed.example.com/x', 'The subscription endpoint must be a public host'],
      ['https://empty.example.com/x', 'The subscription endpoint must be a public host'],
      ['https://nowhere.invalid/x', 'The subscription endpoint host cannot be resolved'],
    ];
    for (const [endpoint, problem] of cases) expect(await endpointProblem(endpoint, options), endpoint).toBe(problem);
  });

  it('allows local hosts outside production, but still only https', async () => {
    expect(await endpointProblem('https://localhost:8443/push', { production: false })).toBeUndefined();
    expect(await endpointProblem('http://localhost/push', { production: false })).toBe(
      'The subscription endpoint must be an https URL',
    );
  });
});

describe('parseSubscription', () => {
  const p256dh = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
  const auth = Buffer.alloc(16, 9).toString('base64url');

  it('reads a serialised PushSubscription', () => {
    const token = JSON.stringify({
      endpoint: 'https://push.example.com/x',
      expirationTime: null,
      keys: { p256dh, auth },
    });
    expect(parseSubscription(token)).toEqual({
      ok: true,
      value: { endpoint: 'https://push.example.com/x', expirationTime: null, keys: { p256dh, auth } },
    });
  });

  it('names what is wrong with a bad one', () => {
    const bad = (value: unknown) => parseSubscription(typeof value === 'string' ? value : JSON.stringify(value));
    expect(bad('{not json')).toEqual({ ok: false, problem: 'The push token is not a serialised subscription (JSON)' });
    expect(bad({ keys: { p256dh, auth } })).toMatchObject({ ok: false, problem: expect.stringMatching(/^endpoint:/) });
    expect(bad({ endpoint: 'https://x.example', keys: { p256dh, auth: 'short' } })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^keys\.auth:/),
    });
    const compressed = Buffer.concat([Buffer.from([2]), Buffer.alloc(64, 7)]).toString('base64url');
    expect(bad({ endpoint: 'https://x.example', keys: { p256dh: compressed, auth } })).toMatchObject({
      ok: false,
      problem: 'keys.p256dh: Expected keys.p256dh to be an uncompressed P-256 point',
    });
  });
});
