import type { GameDocumentAccountAccept, LegalDocument } from '@fxid/contract';
import type { AcceptanceRow } from './documents-repository.js';

export function toAccountAccept(row: AcceptanceRow): GameDocumentAccountAccept {
  return {
    Id: row.id,
    AccountId: row.account_id,
    AcceptedAt: new Date(row.accepted_at).toISOString(),
    GameSystemName: row.game_system_name,
    DocumentId: row.document_id,
    DocumentVersionId: row.document_version_id,
  };
}

/** A presented document with the account's acceptances filled into each version. */
export function withAccepts(document: LegalDocument, acceptances: AcceptanceRow[]): LegalDocument {
  return {
    ...document,
    Versions: document.Versions.map((version) => ({
      ...version,
      Accepts: acceptances
        .filter((row) => row.document_version_id === version.Id)
        .map((row) => ({
          Id: row.id,
          AccountId: row.account_id,
          AcceptedAt: new Date(row.accepted_at).toISOString(),
          DocumentVersionId: row.document_version_id,
        })),
    })),
  };
}
