import { z } from 'zod';
import {
  DocumentContentTypeSchema,
  DocumentRegionSchema,
  DocumentTypeValueSchema,
  NewsPrioritySchema,
} from './content.js';
import { GameSystemNameSchema, LocaleSchema } from './games.js';

/** An instant as ISO 8601 text in UTC, e.g. 2026-11-01T09:00:00.000Z. */
const InstantSchema = z.iso.datetime().describe('ISO 8601 instant in UTC');

export const NewsRequestSchema = z
  .object({
    GameSystemName: GameSystemNameSchema.optional().describe(
      "Portal-wide news plus this game's; every game's news when absent",
    ),
    Locale: LocaleSchema.describe('Language of headers and messages; the default language otherwise'),
  })
  .strict()
  .meta({ id: 'NewsRequest' });
export type NewsRequest = z.infer<typeof NewsRequestSchema>;

/** A news item's text in one language. */
export const NewsMessageSchema = z
  .object({ Locale: LocaleSchema, Header: z.string(), Message: z.string() })
  .meta({ id: 'NewsMessage' });

/** One news item (spec §3, "News"). */
export const NewsItemSchema = z
  .object({
    Id: z.string(),
    CreatedAt: InstantSchema,
    GameSystemName: GameSystemNameSchema.optional().describe('The game the item is about; absent for portal news'),
    Messages: z
      .array(NewsMessageSchema)
      .min(1)
      .describe("The text in the request's Locale; in the default language (or the first written) without it"),
    Priority: NewsPrioritySchema,
    Link: z.string().optional(),
    IconUrl: z.string().optional(),
    ImageUrl: z.string().optional(),
    Tags: z.array(z.string()),
  })
  .meta({ id: 'NewsItem' });
export type NewsItem = z.infer<typeof NewsItemSchema>;

export const NewsResponseSchema = z
  .object({ News: z.array(NewsItemSchema).describe('Newest first') })
  .meta({ id: 'NewsResponse' });

export const FaqEntrySchema = z
  .object({ Question: z.string().min(1).max(500), Answer: z.string().min(1).max(5000) })
  .meta({ id: 'FaqEntry' });

/** The company's frequently asked questions in one language (the catalog's Company.Faq). */
export const FaqSchema = z
  .object({ Title: z.string().min(1).max(200), Entries: z.array(FaqEntrySchema).min(1).max(100) })
  .meta({ id: 'Faq' });

export const FaqRequestSchema = z
  .object({ Locale: LocaleSchema.describe('Language of the FAQ; the default language, else the first written') })
  .strict()
  .meta({ id: 'FaqRequest' });

export const FaqResponseSchema = FaqSchema.extend({ Locale: LocaleSchema.describe('The language shown') }).meta({
  id: 'FaqResponse',
});
export type FaqResponse = z.infer<typeof FaqResponseSchema>;

export const DocumentsListRequestSchema = z
  .object({
    GameSystemName: GameSystemNameSchema,
    Locale: LocaleSchema.optional().describe("Language of the content; the game's default language otherwise"),
  })
  .strict()
  .meta({ id: 'DocumentsListRequest' });

/** An acceptance of a document version by an account. */
export const DocumentAcceptSchema = z
  .object({ Id: z.string(), AccountId: z.string(), AcceptedAt: InstantSchema, DocumentVersionId: z.number().int() })
  .meta({ id: 'DocumentAccept' });

export const DocumentVersionSchema = z
  .object({
    Id: z.number().int(),
    Url: z.string().optional().describe('Where the version is published outside the portal, if anywhere'),
    Content: z.object({
      Value: z.string().describe('The text in the language given by Locale'),
      ContentType: DocumentContentTypeSchema,
      Locale: LocaleSchema.describe('Language of Value'),
      Locales: z.array(LocaleSchema).describe('Every language the version is written in'),
    }),
    CreatedAt: InstantSchema,
    DocumentId: z.number().int(),
    Accepts: z.array(DocumentAcceptSchema).describe('Empty for anonymous callers'),
  })
  .meta({ id: 'DocumentVersion' });

/** A legal document of a game with its versions (spec §3, "Legal document"). */
export const LegalDocumentSchema = z
  .object({
    Id: z.number().int(),
    DocumentType: z.object({ Value: DocumentTypeValueSchema, NeedUserAcceptance: z.boolean() }),
    CreatedAt: InstantSchema,
    IsActive: z.boolean(),
    GameSystemName: GameSystemNameSchema,
    Region: DocumentRegionSchema,
    Versions: z.array(DocumentVersionSchema).describe('Newest first'),
  })
  .meta({ id: 'LegalDocument' });
export type LegalDocument = z.infer<typeof LegalDocumentSchema>;

export const DocumentsListResponseSchema = z
  .object({ Documents: z.array(LegalDocumentSchema) })
  .meta({ id: 'DocumentsListResponse' });
