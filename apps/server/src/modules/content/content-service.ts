import type { FaqResponse, LegalDocument, NewsItem } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { GameNotFoundError, NotFoundError } from '../../errors.js';
import { pickLocale, toLegalDocument, toNewsItem } from './content-presenter.js';
import { listDocuments, listNews, listVersions } from './content-repository.js';

async function requireGame(ctx: AppContext, systemName: string) {
  const game = await ctx.catalog.find(systemName);
  if (!game) throw new GameNotFoundError(systemName);
  return game;
}

/** News for the portal (every game) or for one game plus portal-wide items, in one language. */
export async function getNews(ctx: AppContext, options: { game?: string | undefined; locale: string }) {
  const gameId = options.game === undefined ? undefined : (await requireGame(ctx, options.game)).id;
  const rows = await listNews(ctx.db, gameId);
  const fallback = ctx.config.portal.defaultLocale;
  return rows.map((row): NewsItem => toNewsItem(row, options.locale, fallback));
}

/** A game's legal documents with every version, the content in one language. */
export async function getDocumentsWithVersions(
  ctx: AppContext,
  options: { game: string; locale?: string | undefined },
): Promise<LegalDocument[]> {
  const game = await requireGame(ctx, options.game);
  const documents = await listDocuments(ctx.db, game.id);
  const versions = await listVersions(
    ctx.db,
    documents.map((document) => document.id),
  );
  return documents.map((document) =>
    toLegalDocument(
      document,
      versions.filter((version) => version.document_id === document.id),
      game.definition.GameSystemName,
      options.locale,
      game.definition.DefaultLanguage,
    ),
  );
}

/** The company's FAQ in one language: the asked one, else the default, else the first written. */
export async function getFaq(ctx: AppContext, locale: string): Promise<FaqResponse> {
  const faq = await ctx.catalog.faq();
  const shown = pickLocale(faq, locale, ctx.config.portal.defaultLocale);
  const text = faq[shown];
  if (!text) throw new NotFoundError('FAQ');
  return { Locale: shown, ...text };
}

/** A game's legal documents (the content module owns them; documents asks here). */
export function gameDocuments(ctx: Pick<AppContext, 'db'>, gameId: string) {
  return listDocuments(ctx.db, gameId);
}

/** Versions of the given documents, newest first. */
export function documentVersions(ctx: Pick<AppContext, 'db'>, documentIds: number[]) {
  return listVersions(ctx.db, documentIds);
}
