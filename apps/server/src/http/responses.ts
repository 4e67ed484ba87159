import { ProblemDetailsSchema } from '@fxid/contract';

/** Problem-details responses to document on a route, by status. */
export function problemResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, ProblemDetailsSchema.describe('Problem details (RFC 9457)')]),
  );
}

/** JSON of frozen answers: a frozen answer is a cached presentation that never changes once built. */
const frozenJson = new WeakMap<object, string>();

function stringifyPresented(data: unknown): string {
  if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return JSON.stringify(data);
  let json = frozenJson.get(data);
  if (json === undefined) {
    json = JSON.stringify(data);
    frozenJson.set(data, json);
  }
  return json;
}

/**
 * For hot routes whose answer a presenter builds from a contract type: skips the
 * zod re-check of the output on every call (the compiler already checks the shape
 * through the type provider), keeping the schema for OpenAPI, and stringifies a
 * frozen (cached) answer only once. Input is still validated as on every route.
 */
export const presentedJson = {
  serializerCompiler: () => stringifyPresented,
};
