import { z } from 'zod';

const base64UrlBytes = (bytes: number, what: string) =>
  z
    .string()
    .max(200)
    .refine(
      (text) => /^[\w-]+={0,2}$/.test(text) && Buffer.from(text, 'base64url').length === bytes,
      `Expected ${what}`,
    );

/** A browser's PushSubscription as `JSON.stringify(subscription)` writes it. */
const PushSubscriptionSchema = z.object({
  endpoint: z.string().min(1).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64UrlBytes(65, 'keys.p256dh to be a P-256 public key (65 bytes, base64url)').refine(
      (text) => Buffer.from(text, 'base64url')[0] === 4,
      'Expected keys.p256dh to be an uncompressed P-256 point',
    ),
    auth: base64UrlBytes(16, 'keys.auth to be 16 bytes, base64url'),
  }),
});
export type PushSubscription = z.infer<typeof PushSubscriptionSchema>;

/** The subscription inside a push token, or the reason it is not one. */
export function parseSubscription(
  token: string,
): { ok: true; value: PushSubscription } | { ok: false; problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(token);
  } catch {
    return { ok: false, problem: 'The push token is not a serialised subscription (JSON)' };
  }
  const parsed = PushSubscriptionSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, problem: `${issue?.path.join('.') || 'subscription'}: ${issue?.message ?? 'invalid'}` };
  }
  return { ok: true, value: parsed.data };
}
