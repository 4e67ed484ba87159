import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

/** A sign-in as the move calls name it. */
export type MovableIdentity = components['schemas']['CreateImportTokenRequest'];

/** POST /auth/create_import_token: lets one of this account's sign-ins be moved away (15 minutes, once). */
export function createImportToken(api: ApiClient, bearer: string, identity: MovableIdentity) {
  return unwrap(api.POST('/api/v1/auth/create_import_token', { body: identity, headers: bearerHeaders(bearer) }));
}

/** POST /auth/import_details: what a move code would bring here (spends nothing). */
export function importDetails(api: ApiClient, bearer: string, importToken: string) {
  return unwrap(
    api.POST('/api/v1/auth/import_details', { body: { ImportToken: importToken }, headers: bearerHeaders(bearer) }),
  );
}

/** POST /auth/authenticate_from_import: moves the sign-in here, confirmed; the answer is a new session. */
export function moveSignInHere(api: ApiClient, bearer: string, importToken: string, identity: MovableIdentity) {
  return unwrap(
    api.POST('/api/v1/auth/authenticate_from_import', {
      body: { ...identity, ImportToken: importToken, Confirmed: true },
      headers: bearerHeaders(bearer),
    }),
  );
}
