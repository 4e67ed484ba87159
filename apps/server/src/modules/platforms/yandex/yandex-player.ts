import { isStale, verifyYandexSignature, type YandexSignatureFailure } from './yandex-signature.js';

/**
 * The signed player of `ysdk.getPlayer({ signed: true })` (security.md §5.7): the
 * `signature` has the purchases' format; its `data` names the player by `uniqueID`
 * (also `publicName` and `lang` when the player shares them). Field names beyond
 * `uniqueID` are UNCONFIRMED (platform-protocols.md §14) and only fill a new account.
 */

export type YandexPlayerFailure = YandexSignatureFailure | 'stale';

export type YandexPlayerVerdict =
  | { ok: true; uniqueId: string; name: string | undefined; lang: string | undefined }
  | { ok: false; failure: YandexPlayerFailure };

/** Yandex's ids are opaque text: letters, digits and the base64 marks. */
const UNIQUE_ID = /^[A-Za-z0-9+/=_-]{1,128}$/;

export function verifyYandexPlayer(
  signature: string,
  secrets: readonly string[],
  options: { nowMs: number; maxAgeSeconds: number },
): YandexPlayerVerdict {
  const verdict = verifyYandexSignature(signature, secrets);
  if (!verdict.ok) return verdict;
  const { payload } = verdict;
  const data = (payload.data ?? {}) as { uniqueID?: unknown; publicName?: unknown; lang?: unknown };
  if (typeof data.uniqueID !== 'string' || !UNIQUE_ID.test(data.uniqueID)) return { ok: false, failure: 'malformed' };
  if (isStale(payload.issuedAt, options.nowMs, options.maxAgeSeconds)) return { ok: false, failure: 'stale' };
  const text = (value: unknown, max: number) =>
    typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : undefined;
  return { ok: true, uniqueId: data.uniqueID, name: text(data.publicName, 100), lang: text(data.lang, 10) };
}
