import type { Account } from '@fxid/contract';
import type { AccountRow } from './accounts-repository.js';

export interface AccountDetails {
  row: AccountRow;
  identifiers: { type: string; identifier: string }[];
  connections: { system_name: string; game_uid: string }[];
}

/** Account row → the Account of the API (spec §3). */
export function toAccount({ row, identifiers, connections }: AccountDetails): Account {
  return {
    AccountId: row.id,
    Name: row.name,
    Email: row.email,
    EmailValidated: row.email_validated === 1,
    MarketingEnabled: row.marketing_enabled === 1,
    GeoCountry: row.geo_country,
    Locale: row.locale,
    Guest: row.guest === 1,
    HasEmail: row.email !== null,
    HasCompletedOrder: row.has_completed_order === 1,
    Features: JSON.parse(row.features_json) as Account['Features'],
    SocialIdentifiers: identifiers.map((item) => ({
      Type: item.type as Account['SocialIdentifiers'][number]['Type'],
      Id: item.identifier,
    })),
    ConnectedGames: connections.map((item) => ({
      Game: item.system_name,
      GameUid: item.game_uid,
      StoreEnabled: true,
      TagsLinks: [],
      Surveys: {},
    })),
  };
}
