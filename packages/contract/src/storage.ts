import { z } from 'zod';
import { GameSystemNameSchema } from './games.js';
import { STORAGE_LIMITS } from './storage-limits.js';

export { STORAGE_LIMITS, storageEntryBytes, storageValueBytes } from './storage-limits.js';

/** A cloud-save key, unique per player and game. */
export const StorageKeySchema = z
  .string()
  .regex(STORAGE_LIMITS.keyPattern, 'Expected 1–64 letters, digits, _, -, . or :')
  .meta({ id: 'StorageKey' });

const Keys = z.array(StorageKeySchema).min(1).max(STORAGE_LIMITS.keysPerRequest);

/** Any JSON value (object, array, string, number, boolean or null). */
const JsonValue = z
  .unknown()
  .refine((value) => value !== undefined, 'Required')
  .describe('Any JSON value; at most 16 KiB as UTF-8 JSON');

/** A stored value with its version; the version grows by one with every write of the key. */
export const StorageItemSchema = z
  .object({
    Key: StorageKeySchema,
    Value: JsonValue,
    Version: z.number().int().describe('1 when first written, one more with each write; 0 for a key that is absent'),
    UpdatedAt: z.number().int().describe('Epoch ms of the last write; 0 for a key that is absent'),
  })
  .meta({ id: 'StorageItem' });
export type StorageItem = z.infer<typeof StorageItemSchema>;

export const StorageGetRequestSchema = z
  .object({
    Game: GameSystemNameSchema,
    Keys: Keys.optional().describe('The keys to read; every key of the player in this game when absent'),
  })
  .strict()
  .meta({ id: 'StorageGetRequest' });
export type StorageGetRequest = z.infer<typeof StorageGetRequestSchema>;

export const StorageGetResponseSchema = z
  .object({
    Items: z.array(StorageItemSchema).describe('The keys that have a value, in key order; absent keys are left out'),
    UsedBytes: z.number().int().describe("Bytes the player's values in this game take together"),
  })
  .meta({ id: 'StorageGetResponse' });

export const StorageSetRequestSchema = z
  .object({
    Game: GameSystemNameSchema,
    Items: z
      .array(
        z
          .object({
            Key: StorageKeySchema,
            Value: JsonValue,
            ExpectedVersion: z
              .number()
              .int()
              .min(0)
              .optional()
              .describe(
                'Write only if the key is at this version (0: only if it is absent); any version when left out',
              ),
          })
          .strict(),
      )
      .min(1)
      .max(STORAGE_LIMITS.keysPerRequest)
      .refine((items) => new Set(items.map((item) => item.Key)).size === items.length, 'Each key at most once'),
  })
  .strict()
  .meta({ id: 'StorageSetRequest' });
export type StorageSetRequest = z.infer<typeof StorageSetRequestSchema>;

export const StorageSetResponseSchema = z
  .object({
    Items: z
      .array(z.object({ Key: StorageKeySchema, Version: z.number().int(), UpdatedAt: z.number().int() }))
      .describe('The new version of each key written'),
    UsedBytes: z.number().int(),
  })
  .meta({ id: 'StorageSetResponse' });

export const StorageDeleteRequestSchema = z
  .object({ Game: GameSystemNameSchema, Keys })
  .strict()
  .meta({ id: 'StorageDeleteRequest' });

export const StorageDeleteResponseSchema = z
  .object({
    Deleted: z.array(StorageKeySchema).describe('The keys that had a value and no longer have one'),
    UsedBytes: z.number().int(),
  })
  .meta({ id: 'StorageDeleteResponse' });
