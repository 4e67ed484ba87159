import createClient from 'openapi-fetch';
import type { paths } from './schema';

export type ApiClient = ReturnType<typeof createApiClient>;

/** A typed client for the fxid API; types are generated from the server's OpenAPI document. */
export function createApiClient(baseUrl: string) {
  return createClient<paths>({ baseUrl });
}
