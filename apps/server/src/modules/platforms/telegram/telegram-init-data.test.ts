import { createHmac, createPrivateKey, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ed25519PublicKey, TELEGRAM_PUBLIC_KEYS } from './telegram-config.js';
import { initDataHash, initDataSecretKey, thirdPartyMessage, verifyTelegramInitData } from './telegram-init-data.js';

/** security.md §3a's vector [vec ✓] (docs.telegram-mini-apps.com/platform/init-data). */
const TOKEN = '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8';
const VECTOR =
  'query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%7D&auth_date=1662771648&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2';
const AUTH_MS = 1662771648 * 1000;
const BOT = { botId: '5768337691', tokens: [TOKEN] };
const at = (nowMs: number, maxAgeSeconds = 3600) => ({ nowMs, maxAgeSeconds });

/** security.md §3b's self-generated Ed25519 vector: seed 32×0x01. */
const SEED = Buffer.alloc(32, 1);
const LOCAL_PRIVATE = createPrivateKey({
  key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), SEED]),
  format: 'der',
  type: 'pkcs8',
});
const LOCAL_PUBLIC = ed25519PublicKey('8a88e3dd7409f195fd52db2d3cba5d72ca6709bf1d94121bf3748801b40f6f5c');

/** initData with a `signature` by `key` for `botId` and, when a token is given, the `hash` over it all. */
function signedForThirdParty(pairs: [string, string][], botId: string, token?: string, key = LOCAL_PRIVATE) {
  const map = new Map(pairs);
  map.set('signature', sign(null, Buffer.from(thirdPartyMessage(map, botId)), key).toString('base64url'));
  if (token) map.set('hash', initDataHash(map, token));
  return new URLSearchParams([...map]).toString();
}

describe('Telegram initData (security.md §3, §12 rows 7–11)', () => {
  it('computes the secret key with "WebAppData" as the HMAC key, and verifies the published vector', () => {
    expect(initDataSecretKey(TOKEN).toString('hex')).toBe(
      'a5c609aa52f63cb5e6d8ceb6e4138726ea82bbc36bb786d64482d445ea38ee5f',
    );
    // The usual bug, swapped arguments, must not give the same key.
    expect(createHmac('sha256', TOKEN).update('WebAppData').digest('hex')).not.toBe(
      'a5c609aa52f63cb5e6d8ceb6e4138726ea82bbc36bb786d64482d445ea38ee5f',
    );
    const verdict = verifyTelegramInitData(VECTOR, BOT, at(AUTH_MS + 60_000));
    expect(verdict).toMatchObject({ ok: true, user: { id: 279058397, first_name: 'Vladislav' }, authDate: 1662771648 });
  });

  it('refuses a tampered user, a missing or flipped hash, another bot, and a repeated key', () => {
    const now = at(AUTH_MS + 60_000);
    const tampered = VECTOR.replace('279058397', '279058398');
    expect(verifyTelegramInitData(tampered, BOT, now)).toEqual({ ok: false, failure: 'bad_hash' });
    expect(verifyTelegramInitData(VECTOR.replace(/&hash=.*/, ''), BOT, now)).toEqual({
      ok: false,
      failure: 'missing_hash',
    });
    const flipped = VECTOR.replace(/.$/, (c) => (c === '2' ? '3' : '2'));
    expect(verifyTelegramInitData(flipped, BOT, now)).toEqual({ ok: false, failure: 'bad_hash' });
    const otherBot = { botId: '1', tokens: ['1:AAOtherBotTokenOtherBotTokenOther0'] };
    expect(verifyTelegramInitData(VECTOR, otherBot, now)).toEqual({ ok: false, failure: 'bad_hash' });
    expect(verifyTelegramInitData(`${VECTOR}&auth_date=1662771648`, BOT, now)).toEqual({
      ok: false,
      failure: 'duplicate_key',
    });
  });

  it('refuses initDataUnsafe re-encoded (JSON with spaces) and the Login Widget hash', () => {
    const now = at(AUTH_MS + 60_000);
    const params = new URLSearchParams(VECTOR);
    params.set('user', JSON.stringify(JSON.parse(params.get('user') ?? ''), null, 1));
    expect(verifyTelegramInitData(params.toString(), BOT, now)).toEqual({ ok: false, failure: 'bad_hash' });
    // Login Widget: secret_key = SHA256(bot_token) (security.md §3a) is another key entirely.
    const widget = 'auth_date=1700000000&first_name=Test&id=42&username=test';
    const widgetHash = '6cab776ddde55ddfc1ac27753142fe5f7130e4c4e67e9c7499642d9b1188dd39';
    expect(verifyTelegramInitData(`${widget}&hash=${widgetHash}`, BOT, at(1700000000_000))).toEqual({
      ok: false,
      failure: 'bad_hash',
    });
  });

  it('checks auth_date: stale, from the future, missing', () => {
    expect(verifyTelegramInitData(VECTOR, BOT, at(AUTH_MS + 3601_000))).toEqual({ ok: false, failure: 'stale' });
    expect(verifyTelegramInitData(VECTOR, BOT, at(AUTH_MS + 3600_000))).toMatchObject({ ok: true });
    expect(verifyTelegramInitData(VECTOR, BOT, at(AUTH_MS - 301_000))).toEqual({ ok: false, failure: 'from_future' });
    const pairs = new Map([['user', '{"id":1}']]);
    const noDate = `user=%7B%22id%22%3A1%7D&hash=${initDataHash(pairs, TOKEN)}`;
    expect(verifyTelegramInitData(noDate, BOT, at(AUTH_MS))).toEqual({ ok: false, failure: 'missing_auth_date' });
  });

  it('names a missing user (spec: Telegram user is missing!)', () => {
    const pairs = new Map([
      ['auth_date', '1662771648'],
      ['chat_type', 'sender'],
    ]);
    const data = `${new URLSearchParams([...pairs])}&hash=${initDataHash(pairs, TOKEN)}`;
    expect(verifyTelegramInitData(data, BOT, at(AUTH_MS))).toEqual({ ok: false, failure: 'user_missing' });
  });

  it('verifies the Ed25519 third-party vector with the local key, and binds it to the bot id', () => {
    const message =
      '5768337691:WebAppData\nauth_date=1700000000\nquery_id=AAHdF6IQAAAAAN0XohDhrOrc\nuser={"id":279058397,"first_name":"Vladislav"}';
    expect(sign(null, Buffer.from(message), LOCAL_PRIVATE).toString('base64url')).toBe(
      'OxsYDV7CcMhG7MxPafmdO3-qFgwrGibOCiy2iZ7BBBH7w7eWPbgVXOpcYTxEWCQSrR8PS3GUAagCpzvM9OzHAg',
    );
    const pairs: [string, string][] = [
      ['auth_date', '1700000000'],
      ['query_id', 'AAHdF6IQAAAAAN0XohDhrOrc'],
      ['user', '{"id":279058397,"first_name":"Vladislav"}'],
    ];
    const options = { ...at(1700000000_000), thirdPartyKey: LOCAL_PUBLIC };
    // A bot known by id only: the signature alone vouches.
    const idOnly = { botId: '5768337691', tokens: [] };
    expect(verifyTelegramInitData(signedForThirdParty(pairs, '5768337691'), idOnly, options)).toMatchObject({
      ok: true,
    });
    // Signed for another bot id: refused.
    expect(verifyTelegramInitData(signedForThirdParty(pairs, '42'), idOnly, options)).toEqual({
      ok: false,
      failure: 'bad_signature',
    });
    // With a token too, both must hold: hash over everything (signature included), and the signature.
    expect(verifyTelegramInitData(signedForThirdParty(pairs, '5768337691', TOKEN), BOT, options)).toMatchObject({
      ok: true,
    });
    expect(verifyTelegramInitData(VECTOR, BOT, { ...at(AUTH_MS), thirdPartyKey: LOCAL_PUBLIC })).toEqual({
      ok: false,
      failure: 'missing_signature',
    });
    // Signed with a key that is not the configured one (e.g. the test key while production's is set).
    const production = { ...options, thirdPartyKey: ed25519PublicKey(TELEGRAM_PUBLIC_KEYS.production) };
    expect(verifyTelegramInitData(signedForThirdParty(pairs, '5768337691'), idOnly, production)).toEqual({
      ok: false,
      failure: 'bad_signature',
    });
    // No key configured: a bot known by id only cannot sign anyone in.
    expect(verifyTelegramInitData(signedForThirdParty(pairs, '5768337691'), idOnly, at(1700000000_000))).toEqual({
      ok: false,
      failure: 'missing_signature',
    });
  });
});
