import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalFirebaseIssuer, type LocalFirebaseIssuer } from '../modules/auth/firebase/local-firebase-issuer.js';

/**
 * Firebase's key endpoint for tests: a local issuer's JWK set on loopback HTTP, with the
 * Cache-Control the test sets, counting how often it is fetched. `issuer` signs tokens
 * with the published key; `rotate` publishes a new issuer's key in its place.
 */
export async function startFirebaseKeysServer(cacheControl = 'public, max-age=600') {
  const state = { issuer: await createLocalFirebaseIssuer(), fetches: 0, cacheControl };
  const server = createServer((_request, response) => {
    state.fetches += 1;
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': state.cacheControl });
    response.end(JSON.stringify(state.issuer.jwks()));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com`,
    get issuer(): LocalFirebaseIssuer {
      return state.issuer;
    },
    get fetches() {
      return state.fetches;
    },
    async rotate() {
      state.issuer = await createLocalFirebaseIssuer();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
