/** A service connected to an account for one game (migration 0087); tokens sealed. */
export interface DataConnectionsTable {
  id: string;
  account_id: string;
  game: string;
  service: string;
  external_user_id: string;
  external_login: string;
  /** JSON array of the granted scopes. */
  scopes: string;
  access_token_sealed: string;
  refresh_token_sealed: string;
  access_expires_at: number;
  created_at: number;
  updated_at: number;
}

export interface DataConnectionsTables {
  data_connections: DataConnectionsTable;
}
