import { z } from 'zod';

/** News priority, lowest first; Alert and Critical are shown as banners. */
export const NewsPrioritySchema = z
  .enum(['Unspecified', 'Low', 'Update', 'Info', 'News', 'Alert', 'Critical'])
  .meta({ id: 'NewsPriority' });
export type NewsPriority = z.infer<typeof NewsPrioritySchema>;

/** Legal document kinds: terms of service and privacy policy. */
export const DocumentTypeValueSchema = z.enum(['TOS', 'PP']).meta({ id: 'DocumentTypeValue' });

/** Legal regimes a document version applies under. */
export const DocumentRegionSchema = z.enum(['RussianPI', 'GRPD', 'CCPA', 'All']).meta({ id: 'DocumentRegion' });

export const DocumentContentTypeSchema = z.enum(['Markdown']).meta({ id: 'DocumentContentType' });
