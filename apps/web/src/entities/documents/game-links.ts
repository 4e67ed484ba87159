import { docsAdapterFor, docsLanguageFor } from './docs-files';

/**
 * Spec §2: links a game publishes to its help centre, its community chat and its legal
 * pages lead to the portal's own pages for them (FAQ, Discord QR page, document
 * viewer routes), so a player stays on the portal and sees one version of each.
 */
export interface GameLinkContext {
  /** The game the link belongs to; without one, game-specific pages are not linked. */
  game?: string;
  /** True on a single-game site, whose routes carry no game. */
  fixedGame: boolean;
  /** Adapter of the page; docs files exist for fxid, ok and yandex only (spec §9). */
  adapter: string;
  /** UI language; docs files exist in ru and en only (spec §9). */
  language: string;
  /** The game's own terms and privacy addresses (TosUrl, PpUrl, ExternalTosUrl, …). */
  legalUrls?: { tos?: (string | undefined)[]; pp?: (string | undefined)[] };
}

const TERMS_FILE = /^(tos|terms([-_](of[-_])?(service|use))?|eula)(\.\w+)?$/i;
const PRIVACY_FILE = /^(pp|privacy([-_]policy)?)(\.\w+)?$/i;
const HELP_HOSTS = /^(help|support|faq)\.|\.(zendesk\.com|helpshift\.com|freshdesk\.com)$/i;
const HELP_PATH = /^\/(help|faq|support)(\/|$)/i;
const DISCORD_INVITE = /^(discord\.gg$|(www\.)?discord(app)?\.com$)/i;

/**
 * The portal's viewer route of a game's terms or privacy policy. A multi-game site's
 * route names the game, or the viewer falls back to the catalog's first game.
 */
export function docsPagePath(type: 'tos' | 'pp', { game, fixedGame }: Pick<GameLinkContext, 'game' | 'fixedGame'>) {
  return `/Docs/${type}${game && !fixedGame ? `?game=${encodeURIComponent(game)}` : ''}`;
}

/** The portal path a game link is remapped to, or the link unchanged when it is none of those pages. */
export function remapGameLink(link: string, context: GameLinkContext): string {
  if (link.startsWith('/') && !link.startsWith('//')) return link;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return link;
  }
  if (!/^https?:$/.test(url.protocol)) return link;
  const legal = legalTypeOf(url, context);
  if (legal) return docsPagePath(legal, context);
  if (isDiscordInvite(url)) return context.game ? `/discord-qr?game=${encodeURIComponent(context.game)}` : link;
  if (HELP_HOSTS.test(url.hostname) || HELP_PATH.test(url.pathname)) {
    return `/docs/${docsAdapterFor(context.adapter)}/${docsLanguageFor(context.language)}/faq.html`;
  }
  return link;
}

function legalTypeOf(url: URL, context: GameLinkContext): 'tos' | 'pp' | undefined {
  const same = (candidates: (string | undefined)[] = []) =>
    candidates.some((candidate) => candidate && sameAddress(candidate, url));
  if (same(context.legalUrls?.tos)) return 'tos';
  if (same(context.legalUrls?.pp)) return 'pp';
  const file = url.pathname.split('/').filter(Boolean).pop() ?? '';
  if (TERMS_FILE.test(file)) return 'tos';
  if (PRIVACY_FILE.test(file)) return 'pp';
  return undefined;
}

function isDiscordInvite(url: URL): boolean {
  if (!DISCORD_INVITE.test(url.hostname)) return false;
  return url.hostname.toLowerCase() === 'discord.gg' || url.pathname.startsWith('/invite/');
}

function sameAddress(candidate: string, url: URL): boolean {
  try {
    const other = new URL(candidate);
    return other.host === url.host && trimSlash(other.pathname) === trimSlash(url.pathname);
  } catch {
    return false;
  }
}

function trimSlash(path: string): string {
  return path.replace(/\/+$/, '');
}
