/** The launcher's keys, unlocked branches and download sessions (modules/launcher). */
export interface LauncherTables {
  launcher_keys: LauncherKeysTable;
  launcher_branch_access: LauncherBranchAccessTable;
  launcher_download_sessions: LauncherDownloadSessionsTable;
}

/** A key that unlocks one branch of one game; the key itself is printed once and never stored. */
export interface LauncherKeysTable {
  id: string;
  /** SHA-256 (hex) of the key's normalized form (upper case, no dashes). */
  key_hash: string;
  game_id: string;
  branch: string;
  created_at: number;
  /** The account that activated it; null while unused. */
  activated_by: string | null;
  activated_at: number | null;
}

/** A branch an account unlocked, and the key that did it. */
export interface LauncherBranchAccessTable {
  account_id: string;
  game_id: string;
  branch: string;
  key_id: string;
  created_at: number;
}

/** One download of one artifact; the session id is a bearer secret, so only its hash is kept. */
export interface LauncherDownloadSessionsTable {
  token_hash: string;
  game_id: string;
  branch: string;
  artifact: string;
  /** Who asked for it; null for a branch open to all asked anonymously. */
  account_id: string | null;
  created_at: number;
  expires_at: number;
  /** When a GET took it; a session serves one GET. */
  consumed_at: number | null;
}
