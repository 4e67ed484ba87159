/**
 * What this browser keeps while VK ID signs the player in (spec §5: a PKCE verifier of 32
 * random bytes, base64url, with a SHA-256 challenge): the verifier and a nonce, under the
 * state the server issued, and where to go afterwards. Kept in localStorage so the page VK ID
 * redirects back to (the same browser) can finish; spent when read.
 */
export interface PendingVkId {
  state: string;
  verifier: string;
  nonce: string;
  /** Portal route to return to afterwards. */
  returnTo: string;
  /** A signed-in player is adding VK ID to the account (the session started it). */
  link: boolean;
}

const KEY = 'fxid.vkid.pending';

/** base64url of random bytes, without padding. */
export function randomBase64Url(bytes = 32): string {
  const random = crypto.getRandomValues(new Uint8Array(bytes));
  return toBase64Url(random);
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** RFC 7636 S256: BASE64URL(SHA-256(ASCII(verifier))). */
export async function codeChallengeOf(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return toBase64Url(new Uint8Array(digest));
}

export function keepPendingVkId(pending: PendingVkId): void {
  localStorage.setItem(KEY, JSON.stringify(pending));
}

/** Spec §5 wording, for a return with no verifier kept (another browser, or storage cleared). */
export class VkIdVerifierMissingError extends Error {
  readonly code = 'vkid/verifier-missing';
  constructor() {
    super('VK Auth failed: codeVerifier is missing.');
  }
}

/** The sign-in kept for `state`, spent: a second read finds nothing. */
export function takePendingVkId(state: string): PendingVkId {
  let kept: PendingVkId | undefined;
  try {
    kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') ?? undefined;
    localStorage.removeItem(KEY);
  } catch {
    kept = undefined;
  }
  if (!kept?.verifier || kept.state !== state) throw new VkIdVerifierMissingError();
  return kept;
}
