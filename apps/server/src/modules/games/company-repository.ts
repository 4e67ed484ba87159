import type { CompanyBranding, FaqResponse } from '@fxid/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { COMPANY_ROW_ID } from '../catalog/catalog-repository.js';

/** Branding used until an operator configures the company. */
export const DEFAULT_BRANDING: CompanyBranding = {
  CompanyName: 'fxid',
  BrandName: 'fxid',
  Logos: { CompanyLogo: '/brand/logo.svg', BrandLogo: '/brand/logo.svg', WebPlayerLogo: '/brand/logo.svg' },
  HeaderElementType: 'BrandName',
  ThemeType: 'Dark',
  Auth: { AllowedAuthProviders: ['email'] },
  Adapters: {},
  LegalContacts: {},
};

export async function findBranding(db: Kysely<Database>): Promise<CompanyBranding> {
  const row = await db
    .selectFrom('company')
    .select('branding_json')
    .where('id', '=', COMPANY_ROW_ID)
    .executeTakeFirst();
  return row ? (JSON.parse(row.branding_json) as CompanyBranding) : DEFAULT_BRANDING;
}

/** The company's FAQ per language; empty until a catalog gives one. */
export async function findFaq(db: Kysely<Database>): Promise<Record<string, Omit<FaqResponse, 'Locale'>>> {
  const row = await db.selectFrom('company').select('faq_json').where('id', '=', COMPANY_ROW_ID).executeTakeFirst();
  return row ? JSON.parse(row.faq_json) : {};
}
