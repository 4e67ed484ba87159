import type { DocumentRegionSchema } from '@fxid/contract';
import type { z } from 'zod';

type DocumentRegion = z.infer<typeof DocumentRegionSchema>;

/** Countries under the GDPR: the EU, the rest of the EEA, and the UK with its own copy of it. */
const GDPR_COUNTRIES = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO GB'.split(' '),
);

/**
 * Whether a document written for a legal region binds a player from a country
 * (ISO 3166-1 alpha-2). `All` binds everyone; a regional document binds only players
 * known to be in its region, so a player whose country is unknown sees the `All` ones.
 */
export function regionApplies(region: DocumentRegion | string, country: string | null): boolean {
  if (region === 'All') return true;
  const code = country?.toUpperCase();
  if (!code) return false;
  if (region === 'RussianPI') return code === 'RU';
  if (region === 'GRPD') return GDPR_COUNTRIES.has(code);
  if (region === 'CCPA') return code === 'US';
  return false;
}
