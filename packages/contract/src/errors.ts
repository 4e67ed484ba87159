import { z } from 'zod';

/**
 * Every stable error code the API can answer with, and its HTTP status.
 * Clients branch on `ErrorCode`; the text may change, the code does not.
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  malformed_json: 400,
  invalid_token: 400,
  expired_token: 400,
  captcha_failed: 400,
  redirect_not_allowed: 400,
  unauthorized: 401,
  platform_sign_invalid: 401,
  platform_payload_expired: 401,
  platform_app_mismatch: 401,
  platform_not_supported: 400,
  platform_not_configured: 503,
  platform_product_unknown: 404,
  platform_price_mismatch: 409,
  platform_purchase_taken: 409,
  platform_order_mismatch: 409,
  platform_webhook_unauthorized: 401,
  forbidden: 403,
  sign_in_confirmation_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  game_not_found: 404,
  game_not_on_platform: 404,
  conflict: 409,
  push_subscription_taken: 409,
  already_connected: 409,
  connected_to_another_account: 409,
  identity_taken: 409,
  last_sign_in_method: 409,
  identity_already_on_account: 409,
  guest_identity_not_linkable: 400,
  game_not_connected: 409,
  product_already_owned: 409,
  purchase_in_progress: 409,
  purchase_already_consumed: 409,
  payments_not_available: 503,
  storage_version_conflict: 409,
  storage_quota_exceeded: 409,
  storage_value_too_large: 413,
  leaderboard_not_found: 404,
  leaderboard_score_out_of_range: 400,
  launcher_not_available: 404,
  launcher_branch_not_found: 404,
  launcher_branch_locked: 403,
  launcher_artifact_not_found: 404,
  launcher_artifact_missing: 503,
  launcher_key_unknown: 404,
  launcher_key_used: 409,
  launcher_key_other_game: 409,
  download_session_unknown: 404,
  download_session_expired: 410,
  download_session_used: 410,
  range_not_satisfiable: 416,
  native_receipt_invalid: 401,
  native_receipt_foreign: 409,
  native_receipt_refunded: 409,
  native_receipt_pending: 409,
  native_receipt_replayed: 409,
  native_receipt_unbound: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  rate_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
  service_unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];
export const ErrorCodeSchema = z.enum(ERROR_CODES).meta({ id: 'ErrorCode' });

/** The i18n key clients use to show an error: `errors.<code>`. */
export function l10nKeyFor(code: ErrorCode): string {
  return `errors.${code}`;
}

/** The problem `type` URI of a code; stable, so clients may compare it. */
export function problemTypeFor(code: ErrorCode): string {
  return `urn:fxid:error:${code}`;
}

/** One failed field of a validation error. */
export const FieldIssueSchema = z
  .object({
    Field: z.string().describe('Where the bad value is, e.g. "body/Email" or "query/WebPublishingPlatform"'),
    Message: z.string(),
  })
  .meta({ id: 'FieldIssue' });

/**
 * RFC 9457 problem details plus fxid's error fields. Every non-2xx answer under /api
 * has this shape.
 */
export const ProblemDetailsSchema = z
  .object({
    type: z.string().describe('URI naming the kind of problem: urn:fxid:error:<ErrorCode>'),
    title: z.string().describe('Short summary of the kind of problem'),
    status: z.number().int(),
    detail: z.string().describe('What went wrong with this request'),
    instance: z.string().describe('The request path'),
    ErrorCode: ErrorCodeSchema,
    L10NKey: z.string().describe('i18n key of the message, errors.<ErrorCode>'),
    L10NParam: z.record(z.string(), z.string()).describe('Values for the placeholders of the message'),
    RequestId: z.string(),
    Errors: z.array(FieldIssueSchema).optional().describe('The failed fields of a validation error'),
    Current: z
      .array(
        z.object({
          Key: z.string(),
          Value: z.unknown().describe('null for a key that is absent'),
          Version: z.number().int().describe('0 for a key that is absent'),
          UpdatedAt: z.number().int(),
        }),
      )
      .optional()
      .describe('storage_version_conflict: the current value and version of each key whose version did not match'),
  })
  .meta({ id: 'ProblemDetails' });
export type ProblemDetails = z.infer<typeof ProblemDetailsSchema>;

/** The error object inside a response envelope (spec §3). */
export const EnvelopeErrorSchema = z
  .object({ Code: z.string(), Message: z.string(), RequestId: z.string() })
  .meta({ id: 'EnvelopeError' });

/** The alternate server error form some calls use (spec §3, §8). */
export const LegacyErrorSchema = z
  .object({
    ErrorCode: z.string(),
    GenericMessage: z.string(),
    L10NKey: z.string(),
    L10NParam: z.record(z.string(), z.string()),
    RequestId: z.string(),
    AccountId: z.string().optional(),
  })
  .meta({ id: 'LegacyError' });

/** Success, Data, Error: the response envelope some calls answer with (spec §3). */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    Success: z.boolean(),
    Data: data.optional(),
    Error: EnvelopeErrorSchema.optional(),
  });
}
