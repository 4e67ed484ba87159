import { z } from 'zod';
import { GameSystemNameSchema } from './games.js';
import { SUPPORT_MESSAGE_MIN_LENGTH, SUPPORT_SUBJECTS } from './support-rules.js';
import { plainText } from './text.js';

export { SUPPORT_MESSAGE_MIN_LENGTH, SUPPORT_SUBJECTS };

export const SupportSubjectSchema = z.enum(SUPPORT_SUBJECTS, 'Subject is required').meta({ id: 'SupportSubject' });
export type SupportSubject = z.infer<typeof SupportSubjectSchema>;

export const SUPPORT_MESSAGE_MAX_LENGTH = 5000;

/** The report-issue form's fields, with the spec's messages (§5). */
export const SupportMessageDataSchema = z
  .object({
    Body: plainText({ multiline: true, required: 'Message is required' })
      .min(1, 'Message is required')
      .min(SUPPORT_MESSAGE_MIN_LENGTH, `Message must be at least ${SUPPORT_MESSAGE_MIN_LENGTH} characters`)
      .max(SUPPORT_MESSAGE_MAX_LENGTH, `Message must be at most ${SUPPORT_MESSAGE_MAX_LENGTH} characters`),
    Email: z
      .string('Email is required')
      .trim()
      .min(1, 'Email is required')
      .max(254, 'Invalid email format')
      .pipe(z.email('Invalid email format')),
    Subject: SupportSubjectSchema,
    DeviceUid: plainText().max(128).optional().describe("The player's device id, if the portal knows one"),
    Name: z
      .string()
      .max(254)
      .optional()
      .describe('Ignored: the sender name is always the part of Email before the at sign'),
  })
  .strict()
  .meta({ id: 'SupportMessageData' });
export type SupportMessageData = z.infer<typeof SupportMessageDataSchema>;

export const SupportMessageRequestSchema = z
  .object({
    GameSystemName: GameSystemNameSchema.optional().describe(
      "The game the message is about; the portal's support otherwise",
    ),
    Data: SupportMessageDataSchema,
  })
  .strict()
  .meta({ id: 'SupportMessageRequest' });
export type SupportMessageRequest = z.infer<typeof SupportMessageRequestSchema>;

export const SupportMessageResponseSchema = z
  .object({ Success: z.literal(true), Id: z.string().describe('The stored message, for follow-ups') })
  .meta({ id: 'SupportMessageResponse' });
