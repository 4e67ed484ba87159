/**
 * A random value this browser keeps and sends with each sign-in link it asks for. When
 * the link is opened here, the nonce proves it is the same browser and the player signs
 * in at once; opened anywhere else, the page asks first (login CSRF, link scanners).
 * One per browser, kept across links, so a link from an older request still works.
 */
const NONCE_KEY = 'fxid.signInNonce';

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** This browser's nonce, made on first use; undefined where storage is blocked. */
export function browserNonce(): string | undefined {
  try {
    const kept = localStorage.getItem(NONCE_KEY);
    if (kept) return kept;
    const made = randomNonce();
    localStorage.setItem(NONCE_KEY, made);
    return made;
  } catch {
    // Blocked storage (some embedded and private contexts): every link then asks to confirm.
    return undefined;
  }
}

/** The nonce this browser already keeps, without making one (a page that only opens a link). */
export function keptBrowserNonce(): string | undefined {
  try {
    return localStorage.getItem(NONCE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
