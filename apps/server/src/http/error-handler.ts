import { ERROR_STATUS, type ErrorCode } from '@fxid/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type FieldIssue } from '../errors.js';
import { type ProblemInput, sendProblem } from './problem.js';

/** Fastify's own error codes that describe a bad request, and what we call them. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation_failed',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
  FST_ERR_VALIDATION: 'validation_failed',
  FST_ERR_MAX_PARAM_LENGTH: 'uri_too_long',
  FST_ERR_BAD_URL: 'validation_failed',
};

/**
 * The one place errors become responses: every failure is RFC 9457 problem details
 * with a stable ErrorCode; 5xx details and stack traces stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}

/**
 * Also the `frameworkErrors` option of Fastify: errors its router raises before
 * any route runs (a malformed URL, an over-long path segment).
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const problem = toProblem(error);
  if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: problem.code, detail: problem.detail }, 'request refused');
  return sendProblem(request, reply, problem);
}

function toProblem(error: FastifyError): ProblemInput {
  if (error instanceof AppError) {
    return {
      status: error.status,
      code: error.code,
      detail: error.message,
      params: error.params,
      fieldIssues: error.fieldIssues,
      extensions: error.extensions,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fieldIssues: FieldIssue[] = error.validation.map((issue) => ({
      Field: fieldName(error.validationContext, issue.instancePath),
      Message: issue.message ?? 'Invalid value',
    }));
    return {
      status: 400,
      code: 'validation_failed',
      detail: fieldIssues.map((issue) => `${issue.Field}: ${issue.Message}`).join('; '),
      params: { Field: fieldIssues[0]?.Field ?? '' },
      fieldIssues,
    };
  }
  if (isResponseSerializationError(error)) return internal();
  const code = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (code) return { status: ERROR_STATUS[code], code, detail: error.message };
  if (error.statusCode === 429) return { status: 429, code: 'rate_limited', detail: error.message };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: 400, code: 'validation_failed', detail: error.message };
  }
  return internal();
}

function internal(): ProblemInput {
  return { status: 500, code: 'internal_error', detail: 'An unexpected error occurred; it has been logged' };
}

/** "body" + "/Price/Amount" → "body.Price.Amount", the form clients show next to a field. */
function fieldName(context: string | undefined, instancePath: string): string {
  const where = context === 'querystring' ? 'query' : (context ?? 'body');
  const path = instancePath.split('/').filter(Boolean).join('.');
  return path ? `${where}.${path}` : where;
}
