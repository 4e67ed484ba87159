import { z } from 'zod';
import { GameSystemNameSchema, LocaleSchema } from './games.js';
import { LegalDocumentSchema } from './portal-content.js';

const InstantSchema = z.iso.datetime().describe('ISO 8601 instant in UTC');
const DocumentIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** One document version an account has accepted (spec §3, "Legal document", Accepts). */
export const GameDocumentAccountAcceptSchema = z
  .object({
    Id: z.string(),
    AccountId: z.string(),
    AcceptedAt: InstantSchema,
    GameSystemName: GameSystemNameSchema,
    DocumentId: z.number().int(),
    DocumentVersionId: z.number().int(),
  })
  .meta({ id: 'GameDocumentAccountAccept' });
export type GameDocumentAccountAccept = z.infer<typeof GameDocumentAccountAcceptSchema>;

export const DocumentsAcceptedRequestSchema = z
  .object({
    GameSystemName: GameSystemNameSchema.optional().describe("Only this game's documents; every game's when absent"),
  })
  .strict()
  .meta({ id: 'DocumentsAcceptedRequest' });

export const DocumentsAcceptedResponseSchema = z
  .object({ GameDocumentAccountAccepts: z.array(GameDocumentAccountAcceptSchema).describe('Newest first') })
  .meta({ id: 'DocumentsAcceptedResponse' });

export const DocumentAcceptRequestSchema = z
  .object({
    DocumentId: DocumentIdSchema,
    DocumentVersionId: DocumentIdSchema.describe('Must be the latest version of the document'),
  })
  .strict()
  .meta({ id: 'DocumentAcceptRequest' });
export type DocumentAcceptRequest = z.infer<typeof DocumentAcceptRequestSchema>;

export const LatestUnacceptedDocumentsRequestSchema = z
  .object({
    GameSystemName: GameSystemNameSchema,
    Locale: LocaleSchema.optional().describe("Language of the content; the game's default language otherwise"),
  })
  .strict()
  .meta({ id: 'LatestUnacceptedDocumentsRequest' });

export const LatestUnacceptedDocumentsResponseSchema = z
  .object({
    Documents: z
      .array(LegalDocumentSchema)
      .describe(
        'Documents needing acceptance whose latest version the account has not accepted; Versions holds only that version',
      ),
  })
  .meta({ id: 'LatestUnacceptedDocumentsResponse' });

export const GameDocumentParamsSchema = z.object({
  Game: GameSystemNameSchema,
  Id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe('The numeric document id'),
});

export const GameDocumentQuerySchema = z
  .object({ Locale: LocaleSchema.optional().describe("Language of the content; the game's default otherwise") })
  .strict();
