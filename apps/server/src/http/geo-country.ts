import type { Config } from '../config.js';

/** Country from a trusted edge proxy's header (Cloudflare's CF-IPCountry), for an account's GeoCountry. */
export function geoCountry(config: Pick<Config, 'trustProxy'>, headers: Record<string, unknown>): string | null {
  const value = headers['cf-ipcountry'];
  return config.trustProxy && typeof value === 'string' && /^[A-Z]{2}$/.test(value) ? value : null;
}
