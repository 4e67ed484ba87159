/**
 * What Telegram puts in a Mini App's launch URL hash (platform-protocols.md §13f):
 * `#tgWebAppData=<initData>&tgWebAppVersion=…&tgWebAppPlatform=…&tgWebAppThemeParams=…`.
 * initData is trusted only on our server (security.md §3a): here it only labels the
 * player; the sign-in sends the raw string verbatim.
 */
export interface TelegramLaunch {
  /** The raw initData string, as Telegram.WebApp.initData holds it. */
  initData: string;
  user: TelegramUser | null;
  version: string | null;
  /** `web`, `weba`, `tdesktop`, `android`, `ios`, …: the spec's socialFlavor. */
  platform: string | null;
  themeParams: Record<string, string>;
}

/** initDataUnsafe.user as Telegram writes it. */
export interface TelegramUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  photo_url?: string;
}

function parseJson<T>(text: string | null): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function parseTelegramLaunch(hash: string): TelegramLaunch {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const initData = params.get('tgWebAppData') ?? '';
  const user = parseJson<TelegramUser>(new URLSearchParams(initData).get('user'));
  return {
    initData,
    user: user && Number.isSafeInteger(user.id) ? user : null,
    version: params.get('tgWebAppVersion'),
    platform: params.get('tgWebAppPlatform'),
    themeParams: parseJson<Record<string, string>>(params.get('tgWebAppThemeParams')) ?? {},
  };
}

/** The invoice slug of a link Telegram's openInvoice accepts (`https://t.me/$slug`, `https://t.me/invoice/slug`). */
export function invoiceSlug(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.hostname !== 't.me') return null;
    return /^\/(\$|invoice\/)([A-Za-z0-9\-_=]+)$/.exec(parsed.pathname)?.[2] ?? null;
  } catch {
    return null;
  }
}
