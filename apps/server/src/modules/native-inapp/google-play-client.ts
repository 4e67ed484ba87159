import type { androidpublisher_v3 } from '@googleapis/androidpublisher';
import type { gaxios } from 'google-auth-library';
import { ServiceUnavailableError } from '../../errors.js';
import { GOOGLE_TOKEN_URL, type GooglePlayConfig } from './native-config.js';

/**
 * The Android Publisher API through Google's own client (@googleapis/androidpublisher) and
 * google-auth-library's service-account flow: a JWT (RS256, scope androidpublisher, aud the
 * token endpoint) exchanged at the token endpoint for a bearer token, cached until shortly
 * before it expires (platform-protocols.md §11a). Both addresses can point at a fake.
 * The two libraries load on first use: together they take a second or more to import, which
 * the server's start should not pay when no game sells on Google Play.
 */

export type ProductPurchase = androidpublisher_v3.Schema$ProductPurchase;

export interface GooglePlayApi {
  /** `purchases.products.get`; undefined when Google knows no such purchase of this product in this package. */
  getPurchase(packageName: string, productId: string, token: string): Promise<ProductPurchase | undefined>;
  /** `purchases.products.acknowledge`: Google refunds what is not acknowledged within three days. */
  acknowledge(packageName: string, productId: string, token: string): Promise<void>;
}

const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';

/** Google answers these for a token it does not know (or not for this package and product). */
const UNKNOWN_PURCHASE = new Set([400, 404, 410]);

/**
 * gtoken posts to Google's token endpoint, a constant; a transporter that rewrites that one
 * address lets the same library talk to a configured endpoint (the fake in tests).
 */
function transporterFor(auth: typeof import('google-auth-library'), tokenUrl: string): gaxios.Gaxios {
  const transporter = new auth.gaxios.Gaxios();
  if (tokenUrl !== GOOGLE_TOKEN_URL) {
    transporter.interceptors.request.add({
      resolved: async (options) => {
        if (String(options.url) === GOOGLE_TOKEN_URL) options.url = new URL(tokenUrl);
        return options;
      },
    });
  }
  return transporter;
}

/** The API's own 4xx for the purchase (not the token endpoint's: a bad key is our fault, not the player's). */
function isApiRefusal(auth: typeof import('google-auth-library'), error: unknown, apiUrl: string): boolean {
  if (!(error instanceof auth.gaxios.GaxiosError) || !UNKNOWN_PURCHASE.has(error.status ?? 0)) return false;
  return String(error.config.url ?? '').startsWith(apiUrl);
}

/** Google unreachable, or refusing our service account: the player may try again later (503). */
function unavailable(error: unknown): ServiceUnavailableError {
  return Object.assign(new ServiceUnavailableError('Google Play Developer API'), { cause: error });
}

export async function googlePlayApi(config: GooglePlayConfig): Promise<GooglePlayApi> {
  const account = config.serviceAccount;
  if (!account) throw new Error('Google Play has no service account configured');
  const [library, publisher] = await Promise.all([
    import('google-auth-library'),
    import('@googleapis/androidpublisher'),
  ]);
  const auth = new library.JWT({
    email: account.clientEmail,
    key: account.privateKey,
    scopes: [SCOPE],
    transporter: transporterFor(library, config.tokenUrl),
  });
  // No retries: the caller answers the player at once, and a retried GET changes nothing.
  const api = new publisher.androidpublisher_v3.Androidpublisher({ auth, rootUrl: config.apiUrl, retry: false });
  return {
    async getPurchase(packageName, productId, token) {
      try {
        const response = await api.purchases.products.get({ packageName, productId, token });
        return response.data;
      } catch (error) {
        if (isApiRefusal(library, error, config.apiUrl)) return undefined;
        throw unavailable(error);
      }
    },
    async acknowledge(packageName, productId, token) {
      await api.purchases.products
        .acknowledge({ packageName, productId, token, requestBody: {} })
        .catch((error: unknown) => {
          throw unavailable(error);
        });
    },
  };
}
