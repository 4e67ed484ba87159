import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkVkSign, verifyVkLaunchParams, vkLaunchSign, vkLaunchSignedString } from './vk-launch-params.js';

/** security.md §1a test vectors [vec ✓]. */
const VECTORS = [
  {
    secret: 'wvl68m4dR1UpLrVRli',
    query:
      'vk_user_id=494075&vk_app_id=6736218&vk_is_app_user=1&vk_are_notifications_enabled=1&vk_language=ru&vk_access_token_settings=&vk_platform=android&sign=htQFduJpLxz7ribXRZpDFUH-XEUhC9rBPTJkjUFEkRA',
    signed:
      'vk_access_token_settings=&vk_app_id=6736218&vk_are_notifications_enabled=1&vk_is_app_user=1&vk_language=ru&vk_platform=android&vk_user_id=494075',
  },
  {
    secret: 'rkwdOT04kUh28RDEC9zr',
    query:
      'vk_access_token_settings=friends%2Cgroups&vk_app_id=6825462&vk_are_notifications_enabled=0&vk_is_app_user=1&vk_language=ru&vk_platform=desktop_web&vk_user_id=19039187&sign=vBBPIysvzccFUn_e55JCGxZBnmxpXeh92XpiAY9gcv8',
    signed:
      'vk_access_token_settings=friends%2Cgroups&vk_app_id=6825462&vk_are_notifications_enabled=0&vk_is_app_user=1&vk_language=ru&vk_platform=desktop_web&vk_user_id=19039187',
  },
];

const APP = { appId: '51234567', secrets: ['test-vk-secure-key-0001'] };
const NOW = Date.UTC(2026, 10, 23, 12);
const OPTIONS = { nowMs: NOW, maxAgeSeconds: 7200 };

/** Launch parameters for APP as VK would sign them. */
function launch(params: Record<string, string>, secret = APP.secrets[0] ?? ''): string {
  const pairs = new Map(Object.entries(params));
  const query = new URLSearchParams(params);
  query.set('sign', vkLaunchSign(pairs, secret));
  return query.toString();
}
const base = { vk_app_id: APP.appId, vk_user_id: '1234567', vk_ts: String(NOW / 1000 - 60), vk_language: 'ru' };

describe('VK launch parameters (security.md §1a)', () => {
  it.each(VECTORS)('verifies the published vector signed with $secret', ({ secret, query, signed }) => {
    const result = checkVkSign(query, [secret]);
    expect(result.ok).toBe(true);
    if (result.ok) expect(vkLaunchSignedString(result.params)).toBe(signed);
    expect(checkVkSign(`?${query}`, ['another-secret', secret]).ok).toBe(true);
  });

  it('row 1: a forged sign (one character flipped) fails', () => {
    for (const { secret, query } of VECTORS) {
      const forged = query.replace(/sign=(.)/, (_m, c: string) => `sign=${c === 'A' ? 'B' : 'A'}`);
      expect(checkVkSign(forged, [secret])).toEqual({ ok: false, failure: 'bad_sign' });
    }
  });

  it('row 2: a tampered vk_user_id fails', () => {
    const [{ secret, query }] = VECTORS as [(typeof VECTORS)[0]];
    expect(checkVkSign(query.replace('vk_user_id=494075', 'vk_user_id=1'), [secret])).toEqual({
      ok: false,
      failure: 'bad_sign',
    });
  });

  it('row 3: a repeated vk_ key or sign fails, whichever copy is genuine', () => {
    const [{ secret, query }] = VECTORS as [(typeof VECTORS)[0]];
    expect(checkVkSign(`${query}&vk_user_id=2`, [secret]).ok).toBe(false);
    expect(checkVkSign(`vk_user_id=2&${query}`, [secret]).ok).toBe(false);
    expect(checkVkSign(`${query}&sign=x`, [secret]).ok).toBe(false);
  });

  it('row 5: unsigned extras and a hash fragment are ignored', () => {
    const [{ secret, query }] = VECTORS as [(typeof VECTORS)[0]];
    const result = checkVkSign(`${query}&is_admin=1&ref=x#vk_user_id=1`, [secret]);
    expect(result.ok).toBe(true);
    if (result.ok) expect([...result.params.keys()].every((key) => key.startsWith('vk_'))).toBe(true);
  });

  it('refuses a missing sign and an over-long query', () => {
    expect(checkVkSign('vk_user_id=1&vk_app_id=2', ['s'])).toEqual({ ok: false, failure: 'missing_sign' });
    expect(checkVkSign(`vk_x=${'a'.repeat(5000)}&sign=x`, ['s'])).toEqual({ ok: false, failure: 'malformed' });
  });

  it('accepts fresh parameters for the app and names the user', () => {
    expect(verifyVkLaunchParams(launch(base), APP, OPTIONS)).toMatchObject({
      ok: true,
      userId: '1234567',
      appId: APP.appId,
      language: 'ru',
    });
  });

  it('row 4: stale, future, undated and other-app parameters fail', () => {
    const at = (ts: number) => launch({ ...base, vk_ts: String(ts) });
    const nowS = NOW / 1000;
    expect(verifyVkLaunchParams(at(nowS - 7201), APP, OPTIONS)).toEqual({ ok: false, failure: 'stale' });
    expect(verifyVkLaunchParams(at(nowS - 7200), APP, OPTIONS).ok).toBe(true);
    expect(verifyVkLaunchParams(at(nowS + 301), APP, OPTIONS)).toEqual({ ok: false, failure: 'from_future' });
    const { vk_ts: _ts, ...undated } = base;
    expect(verifyVkLaunchParams(launch(undated), APP, OPTIONS)).toEqual({ ok: false, failure: 'missing_ts' });
    const other = launch({ ...base, vk_app_id: '7654321' });
    expect(verifyVkLaunchParams(other, APP, OPTIONS)).toEqual({ ok: false, failure: 'other_app' });
    // The published vectors verify, but carry no vk_ts and name other apps.
    const [{ secret, query }] = VECTORS as [(typeof VECTORS)[0]];
    expect(verifyVkLaunchParams(query, { appId: '6736218', secrets: [secret] }, OPTIONS)).toEqual({
      ok: false,
      failure: 'missing_ts',
    });
  });

  it('takes any of several secrets (rotation)', () => {
    const rotated = { ...APP, secrets: ['old-vk-secure-key-0001', APP.secrets[0] ?? ''] };
    expect(verifyVkLaunchParams(launch(base), rotated, OPTIONS).ok).toBe(true);
  });
});

describe('VK launch parameters, properties', () => {
  const vkKey = fc.stringMatching(/^vk_[a-z_]{1,12}$/);
  const params = fc.dictionary(vkKey, fc.string({ unit: 'grapheme', maxLength: 20 }), { minKeys: 1, maxKeys: 8 });
  const secret = fc.string({ minLength: 16, maxLength: 40 });

  it('whatever the order, values and unsigned extras, VK-signed parameters verify', () => {
    fc.assert(
      fc.property(
        params,
        secret,
        fc.dictionary(
          fc.stringMatching(/^[a-uw-z]{1,6}$/).filter((key) => key !== 'sign'),
          fc.string(),
        ),
        (p, s, extra) => {
          const pairs = new Map(Object.entries(p));
          const entries = [...Object.entries(p), ...Object.entries(extra)].reverse();
          entries.push(['sign', vkLaunchSign(pairs, s)]);
          expect(checkVkSign(new URLSearchParams(entries).toString(), [s]).ok).toBe(true);
        },
      ),
    );
  });

  it('changing any signed value, or any character of the sign, fails', () => {
    fc.assert(
      fc.property(params, secret, fc.nat(), fc.string({ minLength: 1, maxLength: 5 }), (p, s, pick, suffix) => {
        const pairs = new Map(Object.entries(p));
        const sign = vkLaunchSign(pairs, s);
        const keys = [...pairs.keys()];
        const key = keys[pick % keys.length] ?? '';
        const tampered = new URLSearchParams({ ...p, [key]: `${p[key]}${suffix}`, sign });
        expect(checkVkSign(tampered.toString(), [s]).ok).toBe(false);
        const at = pick % sign.length;
        const flipped = `${sign.slice(0, at)}${sign[at] === 'A' ? 'B' : 'A'}${sign.slice(at + 1)}`;
        expect(checkVkSign(new URLSearchParams({ ...p, sign: flipped }).toString(), [s]).ok).toBe(false);
      }),
    );
  });

  it('a repeated vk_ key always fails', () => {
    fc.assert(
      fc.property(params, secret, fc.nat(), fc.string(), (p, s, pick, value) => {
        const pairs = new Map(Object.entries(p));
        const query = new URLSearchParams({ ...p, sign: vkLaunchSign(pairs, s) });
        const keys = [...pairs.keys()];
        query.append(keys[pick % keys.length] ?? '', value);
        expect(checkVkSign(query.toString(), [s])).toEqual({ ok: false, failure: 'duplicate_key' });
      }),
    );
  });
});
