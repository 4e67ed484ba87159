import { type ErrorCode, l10nKeyFor, type ProblemDetails, problemTypeFor } from '@fxid/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_TITLES, type FieldIssue } from '../errors.js';

export interface ProblemInput {
  status: number;
  code: ErrorCode;
  detail: string;
  params?: Record<string, string>;
  fieldIssues?: FieldIssue[] | undefined;
  /** Members beside the standard ones that one kind of problem carries (e.g. `Current` of a storage conflict). */
  extensions?: Partial<Pick<ProblemDetails, 'Current'>> | undefined;
}

/** Builds RFC 9457 problem details with fxid's error fields for one request. */
export function problemFor(request: Pick<FastifyRequest, 'url' | 'id'>, input: ProblemInput): ProblemDetails {
  return {
    type: problemTypeFor(input.code),
    title: ERROR_TITLES[input.code],
    status: input.status,
    detail: input.detail,
    instance: request.url.split('?')[0] ?? request.url,
    ErrorCode: input.code,
    L10NKey: l10nKeyFor(input.code),
    L10NParam: input.params ?? {},
    RequestId: request.id,
    ...(input.fieldIssues ? { Errors: input.fieldIssues } : {}),
    ...input.extensions,
  };
}

/** The media type of problem details (RFC 9457). */
export const PROBLEM_JSON = 'application/problem+json; charset=utf-8';

export function sendProblem(request: FastifyRequest, reply: FastifyReply, input: ProblemInput): FastifyReply {
  return reply.code(input.status).type(PROBLEM_JSON).send(problemFor(request, input));
}
