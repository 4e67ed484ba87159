import { describe, expect, it } from 'vitest';
import { oauthHeader, oauthSignature, verifyOAuthRequest } from './wizq-oauth.js';

describe('OAuth 1.0 HMAC-SHA1 of relayed WizQ requests', () => {
  it('matches the OAuth Core 1.0 Appendix A.5.2 vector (platform-protocols.md V7)', () => {
    const params: [string, string][] = [
      ['file', 'vacation.jpg'],
      ['size', 'original'],
      ['oauth_consumer_key', 'dpf43f3p2l4k3l03'],
      ['oauth_token', 'nnch734d00sl2jdk'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '1191242096'],
      ['oauth_nonce', 'kllo9940pd9333jh'],
      ['oauth_version', '1.0'],
    ];
    expect(
      oauthSignature('GET', 'http://photos.example.net/photos', params, 'kd94hf93k423kf44', 'pfkkdhi9sl3r4s00'),
    ).toBe('tR3+Ty81lMeYAr/Fid0kMTYa/WM=');
  });

  const app = { appId: '13000001', secrets: ['wizq-secret-0000000001'] };
  const now = 1_764_158_400_000;
  const form: [string, string][] = [['data', '{"command":"ping","num":0}']];
  const url = 'https://play.example.com/api/v1/wizq/proxyRequestHandler/sky-runner';
  const header = (overrides: Partial<Parameters<typeof oauthHeader>[1]> = {}) =>
    oauthHeader(
      { method: 'POST', url, form },
      {
        consumerKey: app.appId,
        secret: app.secrets[0] ?? '',
        token: 'session-1',
        timestamp: now / 1000,
        nonce: 'n1',
        ...overrides,
      },
    );

  it('accepts what it signs and names the session; refuses a forged, tampered, stale or other app’s request', () => {
    expect(verifyOAuthRequest({ method: 'POST', url, header: header(), form }, app, now)).toEqual({
      ok: true,
      session: 'session-1',
    });
    const verdict = (h: string | undefined, f = form, u = url) =>
      verifyOAuthRequest({ method: 'POST', url: u, header: h, form: f }, app, now);
    expect(verdict(header({ secret: 'forged-secret-00000' }))).toEqual({ ok: false, failure: 'bad_signature' });
    expect(verdict(header(), [['data', '{"command":"ping","num":1}']])).toEqual({
      ok: false,
      failure: 'bad_signature',
    });
    expect(verdict(header(), form, url.replace('sky-runner', 'gem-garden'))).toEqual({
      ok: false,
      failure: 'bad_signature',
    });
    expect(verdict(header({ timestamp: now / 1000 - 301 }))).toEqual({ ok: false, failure: 'stale' });
    expect(verdict(header({ consumerKey: '99' }))).toEqual({ ok: false, failure: 'other_app' });
    expect(verdict(undefined)).toEqual({ ok: false, failure: 'missing_header' });
    expect(verdict(header().replace('HMAC-SHA1', 'PLAINTEXT'))).toEqual({ ok: false, failure: 'unsupported_method' });
  });
});
