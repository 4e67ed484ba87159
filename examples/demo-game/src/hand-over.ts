/**
 * A game running on its own (a launcher, its own site) whose server signed the player in with an
 * external id holds a GameAccessToken; it hands the player to the portal by opening
 * `{portal}LoginFromGame/{game}/{token}`. The demo takes the token from its address's fragment
 * (`#fxidGameAccessToken=…`, which no server or log sees) and the portal from `?fxidPortal=`,
 * else the portal it is served by (it lives at `{portal}demo-game/`).
 */
export function handOverLink(href: string, game: string): string | undefined {
  const url = new URL(href);
  const token = new URLSearchParams(url.hash.slice(1)).get('fxidGameAccessToken');
  if (!token) return undefined;
  const portal = portalOf(url);
  if (!portal) return undefined;
  return new URL(`LoginFromGame/${encodeURIComponent(game)}/${encodeURIComponent(token)}`, portal).href;
}

/** Only an http(s) portal: a `javascript:` or other address given in the query is ignored. */
function portalOf(url: URL): URL | undefined {
  const named = url.searchParams.get('fxidPortal');
  try {
    const portal = named ? new URL(named.endsWith('/') ? named : `${named}/`) : new URL('../', url);
    return portal.protocol === 'https:' || portal.protocol === 'http:' ? portal : undefined;
  } catch {
    return undefined;
  }
}
