import { z } from 'zod';

/**
 * The company's Firebase web app (spec portal §3, FirebaseOptions): what the portal hands to
 * the Firebase SDK, and whose `ProjectId` the server requires as the ID token's audience.
 */
export const FirebaseOptionsSchema = z
  .object({
    ApiKey: z.string().min(1).max(200),
    AuthDomain: z.string().min(1).max(255),
    DatabaseUrl: z.string().max(255).optional(),
    ProjectId: z
      .string()
      .regex(/^[a-z][a-z0-9-]{4,29}$/, 'Expected a Firebase project id')
      .describe('The ID token audience'),
    StorageBucket: z.string().max(255).optional(),
    MessagingSenderId: z.string().max(64).optional(),
    AppId: z.string().min(1).max(200),
    MeasurementId: z.string().max(64).optional(),
  })
  .meta({ id: 'FirebaseOptions' });
export type FirebaseOptions = z.infer<typeof FirebaseOptionsSchema>;
