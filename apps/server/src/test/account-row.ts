import type { AccountsTable } from '../db/tables/accounts.js';

/**
 * A whole `accounts` row for a test that writes one straight into the table (not through sign-in):
 * a player with no name, email or flags, made at time 1, with `fields` set over that.
 */
export function accountRow(id: string, fields: Partial<AccountsTable> = {}): AccountsTable {
  return {
    id,
    name: null,
    email: null,
    email_normalized: null,
    email_validated: 0,
    marketing_enabled: 0,
    geo_country: null,
    locale: null,
    guest: 0,
    has_completed_order: 0,
    features_json: '[]',
    created_at: 1,
    updated_at: 1,
    ...fields,
  };
}
