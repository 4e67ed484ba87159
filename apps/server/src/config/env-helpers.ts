import { z } from 'zod';

/** Shared pieces of the environment schema: config.ts and every provider's or platform's fragment use them. */

/** An empty variable counts as unset. */
export const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** An optional variable; empty counts as unset. */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUndefined, schema.optional());

/** A comma-separated list of secrets of 16+ characters (several while one rotates). */
export const secretList = z
  .string()
  .transform((text) => text.split(',').map((item) => item.trim()))
  .pipe(z.array(z.string().min(16, 'Expected secrets of 16+ characters')));

/** base64url text that decodes to exactly `bytes` bytes. */
export function base64UrlOfLength(bytes: number, what: string) {
  return z
    .string()
    .refine(
      (text) => /^[\w-]+={0,2}$/.test(text) && Buffer.from(text, 'base64url').length === bytes,
      `Expected ${what}`,
    );
}

export type Mode = 'development' | 'production';
