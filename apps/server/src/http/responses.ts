import { ProblemDetailsSchema } from '@fxid/contract';

/** Problem-details responses to document on a route, by status. */
export function problemResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, ProblemDetailsSchema.describe('Problem details (RFC 9457)')]),
  );
}

/**
 * For hot routes whose answer a presenter builds from a contract type: skips the
 * zod re-check of the output on every call (the compiler already checks the shape
 * through the type provider), keeping the schema for OpenAPI. Input is still
 * validated as on every route.
 */
export const presentedJson = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
};
