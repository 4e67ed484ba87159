import { describe, expect, it } from 'vitest';
import { verifyVkPlayParams, vkPlaySign } from './vkplay-sign.js';

const APP = { appId: '12345', secrets: ['vkplay_secret'] };
const signed = (params: Record<string, string>, secret = 'vkplay_secret') =>
  new URLSearchParams({ ...params, sign: vkPlaySign(new Map(Object.entries(params)), secret) }).toString();

describe("VK Play's signature (platform-protocols.md §1c)", () => {
  it('matches vector V5 (the secret appended once)', () => {
    const params = new Map(
      Object.entries({ uid: '1234567890', ip: '203.0.113.7', hash: '5f2b1c0e9d', appid: '12345' }),
    );
    expect(vkPlaySign(params, 'vkplay_secret')).toBe('08d33dcfa3fa7b4c5bdbd6a9537a9bc0');
  });

  it('accepts signed parameters of the app and names them', () => {
    const verdict = verifyVkPlayParams(`?${signed({ appid: '12345', uid: '77', currency: 'RUB' })}`, APP);
    expect(verdict.ok && verdict.params.get('uid')).toBe('77');
  });

  it('refuses a tampered value, a wrong secret, a missing sign, a repeated key and another app', () => {
    const good = signed({ appid: '12345', uid: '77' });
    expect(verifyVkPlayParams(good.replace('uid=77', 'uid=78'), APP)).toEqual({ ok: false, failure: 'bad_sig' });
    expect(verifyVkPlayParams(signed({ appid: '12345', uid: '77' }, 'other'), APP)).toEqual({
      ok: false,
      failure: 'bad_sig',
    });
    expect(verifyVkPlayParams('appid=12345&uid=77', APP)).toEqual({ ok: false, failure: 'missing_sig' });
    expect(verifyVkPlayParams(`${good}&uid=78`, APP)).toEqual({ ok: false, failure: 'duplicate_key' });
    expect(verifyVkPlayParams(signed({ appid: '999', uid: '77' }), APP)).toEqual({ ok: false, failure: 'other_app' });
    expect(verifyVkPlayParams(`x=${'a'.repeat(9000)}`, APP)).toEqual({ ok: false, failure: 'malformed' });
  });
});
