import { matchLocale } from '@fxid/contract';
import type { FastifyRequest } from 'fastify';

/**
 * The language the portal's detector will most likely pick for this request, from what
 * the server can see of its order (spec §9): ?lng=, the i18next cookie, then the
 * browser's languages (Accept-Language), each matched exactly or by base language
 * (fa-IR → fa), else the default. Only a guess for preloading: the page decides.
 */
export function likelyLocale(request: FastifyRequest, locales: readonly string[], fallback: string): string {
  const match = (tag: string | undefined) => {
    const locale = tag ? matchLocale(tag.trim(), locales) : undefined;
    return locale && locales.includes(locale) ? locale : undefined;
  };
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  const cookie = /(?:^|;\s*)i18next=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  const browser = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((entry) => {
      const [tag = '', ...parameters] = entry.split(';');
      const q = parameters.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  const found = [query.get('lng') ?? undefined, cookie && decodeURIComponent(cookie), ...browser.map((e) => e.tag)]
    .map(match)
    .find(Boolean);
  return found ?? fallback;
}
