import { ProblemDetailsSchema } from '@fxid/contract';

/** Problem-details responses to document on a route, by status. */
export function problemResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, ProblemDetailsSchema.describe('Problem details (RFC 9457)')]),
  );
}
