import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VkIdStandIn } from './vkid-stand-in.js';

// RFC 7636 Appendix B (security.md §9b).
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const REDIRECT = 'https://fxid.example/api/v1/auth/authenticate_to_fxid';
const USER = { user_id: '42', first_name: 'Ada', last_name: 'L' };

describe('The VK ID stand-in answers as VK ID', () => {
  const clock = { now: 1_800_000_000_000 };
  const standIn = new VkIdStandIn({ redirectUri: (id) => (id === '7' ? REDIRECT : undefined) }, () => clock.now);
  const query = (overrides: Record<string, string> = {}) =>
    new URLSearchParams({
      response_type: 'code',
      client_id: '7',
      redirect_uri: REDIRECT,
      state: 's'.repeat(43),
      code_challenge: CHALLENGE,
      code_challenge_method: 's256',
      ...overrides,
    });
  const issue = async () => {
    const answer = await standIn.authorize(query(), USER);
    if ('error' in answer) throw new Error(answer.error);
    return new URL(answer.redirect).searchParams;
  };
  const exchange = (back: URLSearchParams, overrides: Record<string, string> = {}) =>
    standIn.token(
      new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.get('code') ?? '',
        code_verifier: VERIFIER,
        client_id: '7',
        device_id: back.get('device_id') ?? '',
        redirect_uri: REDIRECT,
        state: back.get('state') ?? '',
        ...overrides,
      }),
    );

  it('checks the RFC 7636 vector the way the server does', () => {
    expect(createHash('sha256').update(VERIFIER).digest('base64url')).toBe(CHALLENGE);
  });

  it('refuses another redirect URI (exact match), an unknown app, and a plain challenge', async () => {
    expect(await standIn.authorize(query({ redirect_uri: `${REDIRECT}/` }), USER)).toHaveProperty('error');
    expect(await standIn.authorize(query({ redirect_uri: `${REDIRECT}?x=1` }), USER)).toHaveProperty('error');
    expect(await standIn.authorize(query({ client_id: '8' }), USER)).toHaveProperty('error');
    expect(await standIn.authorize(query({ code_challenge_method: 'plain' }), USER)).toHaveProperty('error');
  });

  it('exchanges a code once, for the right verifier, and user_info names its user', async () => {
    const back = await issue();
    expect(back.get('type')).toBe('code_v2');
    const tokens = exchange(back);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ user_id: 42, state: back.get('state'), token_type: 'Bearer' });
    const info = standIn.userInfo(
      new URLSearchParams({ client_id: '7', access_token: String(tokens.body.access_token) }),
    );
    expect(info.body).toMatchObject({ user: { user_id: '42', first_name: 'Ada' } });
    expect(exchange(back).body).toMatchObject({
      error: 'invalid_grant',
      error_description: 'code has already been used',
    });
  });

  it('refuses a wrong verifier, another device, an expired code and a forged access token', async () => {
    expect(exchange(await issue(), { code_verifier: 'x'.repeat(43) }).body).toMatchObject({
      error: 'invalid_grant',
      error_description: 'code_verifier is invalid',
    });
    expect(exchange(await issue(), { device_id: 'other' }).body).toMatchObject({ error: 'invalid_grant' });
    const late = await issue();
    clock.now += 600_001;
    expect(exchange(late).body).toMatchObject({ error_description: 'code has expired' });
    expect(standIn.userInfo(new URLSearchParams({ client_id: '7', access_token: 'vk2.a.forged' })).body).toMatchObject({
      error: 'invalid_token',
    });
  });
});
