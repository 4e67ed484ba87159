/** `base` with each of `params` set in its query (an authorization URL, a redirect back). */
export function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}
