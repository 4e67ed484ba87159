import type { DocumentAcceptRequest, GameDocumentAccountAccept, LegalDocument } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { DocumentVersionNotLatestError, GameNotFoundError, NotFoundError } from '../../errors.js';
import { accountCountry } from '../accounts/accounts-service.js';
import { toLegalDocument } from '../content/content-presenter.js';
import { documentVersions, gameDocuments } from '../content/content-service.js';
import { regionApplies } from './document-regions.js';
import { toAccountAccept, withAccepts } from './documents-presenter.js';
import * as repo from './documents-repository.js';

async function requireGame(ctx: AppContext, systemName: string) {
  const game = await ctx.catalog.find(systemName);
  if (!game) throw new GameNotFoundError(systemName);
  return game;
}

/** The account's acceptances, newest first, of one game's documents or of all. */
export async function listAccepted(
  ctx: AppContext,
  accountId: string,
  game: string | undefined,
): Promise<GameDocumentAccountAccept[]> {
  const gameId = game === undefined ? undefined : (await requireGame(ctx, game)).id;
  const rows = await repo.listAcceptances(ctx.db, accountId, gameId === undefined ? {} : { gameId });
  return rows.map(toAccountAccept);
}

/**
 * Accepts the latest version of an active document. Accepting it again answers the
 * first acceptance; an older version is refused, so nobody agrees to terms that
 * were already replaced.
 */
export async function acceptDocument(
  ctx: AppContext,
  accountId: string,
  request: DocumentAcceptRequest,
): Promise<GameDocumentAccountAccept> {
  const document = await repo.findDocument(ctx.db, request.DocumentId);
  if (document?.is_active !== 1) throw new NotFoundError(`Document ${request.DocumentId}`);
  if (!(await repo.versionBelongsTo(ctx.db, request.DocumentVersionId, document.id))) {
    throw new NotFoundError(`Version ${request.DocumentVersionId} of document ${document.id}`);
  }
  const latest = await repo.latestVersionId(ctx.db, document.id);
  if (latest !== request.DocumentVersionId) {
    throw new DocumentVersionNotLatestError(document.id, request.DocumentVersionId, latest ?? 0);
  }
  await repo.insertAcceptance(ctx.db, {
    account_id: accountId,
    document_id: document.id,
    document_version_id: request.DocumentVersionId,
    accepted_at: ctx.now(),
  });
  const [row] = await repo.listAcceptances(ctx.db, accountId, { versionId: request.DocumentVersionId });
  if (!row) throw new Error('the acceptance just written is missing');
  return toAccountAccept(row);
}

/**
 * The documents of a game that bind this player (active, needing acceptance, of
 * the player's region) whose latest version the player has not accepted; each
 * with that one version.
 */
export async function listLatestUnaccepted(
  ctx: AppContext,
  accountId: string,
  options: { game: string; locale?: string | undefined },
): Promise<LegalDocument[]> {
  const game = await requireGame(ctx, options.game);
  const country = await accountCountry(ctx.db, accountId);
  const documents = (await gameDocuments(ctx, game.id)).filter(
    (document) =>
      document.is_active === 1 && document.need_user_acceptance === 1 && regionApplies(document.region, country),
  );
  const ids = documents.map((document) => document.id);
  const [versions, acceptances] = await Promise.all([
    documentVersions(ctx, ids),
    repo.listAcceptances(ctx.db, accountId, { documentIds: ids }),
  ]);
  const accepted = new Set(acceptances.map((row) => row.document_version_id));
  const result: LegalDocument[] = [];
  for (const document of documents) {
    // documentVersions sorts newest first, so the first of a document is its latest.
    const latest = versions.find((version) => version.document_id === document.id);
    if (!latest || accepted.has(latest.id)) continue;
    const fallback = game.definition.DefaultLanguage;
    result.push(toLegalDocument(document, [latest], game.definition.GameSystemName, options.locale, fallback));
  }
  return result;
}

/** One document of a game with every version and the account's acceptances of them. */
export async function getDocument(
  ctx: AppContext,
  accountId: string,
  options: { game: string; id: number; locale?: string | undefined },
): Promise<LegalDocument> {
  const game = await requireGame(ctx, options.game);
  const document = await repo.findDocument(ctx.db, options.id);
  if (!document || document.game_id !== game.id) throw new NotFoundError(`Document ${options.id}`);
  const [versions, acceptances] = await Promise.all([
    documentVersions(ctx, [document.id]),
    repo.listAcceptances(ctx.db, accountId, { documentIds: [document.id] }),
  ]);
  const presented = toLegalDocument(
    document,
    versions,
    game.definition.GameSystemName,
    options.locale,
    game.definition.DefaultLanguage,
  );
  return withAccepts(presented, acceptances);
}
