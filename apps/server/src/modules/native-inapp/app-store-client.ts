import type { JWSTransactionDecodedPayload } from '@apple/app-store-server-library';
import { ServiceUnavailableError } from '../../errors.js';
import type { AppStoreApp, AppStoreConfig } from './native-config.js';

/**
 * The App Store Server API through Apple's own library: `GET /inApps/v1/transactions/{id}` with
 * the ES256 bearer token it signs, and its SignedDataVerifier for the answer's JWS: x5c chain of
 * three to one of our pinned roots, Apple's OIDs on leaf and intermediate, ES256 signature, then
 * bundle id, environment and (production) app Apple id (platform-protocols.md §11b). Online
 * revocation checks (OCSP to Apple) are off, so certificates are checked at the transaction's
 * signedDate, as Apple's library does offline. The library loads on first use (it takes a
 * while to import, which the server's start should not pay when no game sells on the App Store).
 */

export type VerifiedTransaction = JWSTransactionDecodedPayload;

/** Why a transaction was refused: Apple does not know it, or its signed data failed a check. */
export type AppStoreRefusal = 'unknown' | 'forged' | 'foreign';

export interface AppStoreApi {
  transaction(transactionId: string): Promise<VerifiedTransaction | AppStoreRefusal>;
}

/** Apple answers 4040010 (TransactionIdNotFoundError) and 400s for ids it does not know. */
const UNKNOWN_STATUSES = new Set([400, 404]);

export async function appStoreApi(config: AppStoreConfig, app: AppStoreApp): Promise<AppStoreApi> {
  const key = config.apiKey;
  if (!key) throw new Error('The App Store has no API key configured');
  const { AppStoreServerAPIClient, Environment, SignedDataVerifier, VerificationException, VerificationStatus } =
    await import('@apple/app-store-server-library');
  /** Apple's client with its host replaced by the configured one (Apple's sandbox, production or a fake). */
  class ConfiguredHostClient extends AppStoreServerAPIClient {
    constructor(
      private readonly host: string,
      ...args: ConstructorParameters<typeof AppStoreServerAPIClient>
    ) {
      super(...args);
    }

    protected override makeFetchRequest(
      path: string,
      query: URLSearchParams,
      method: string,
      body: string | Buffer | undefined,
      headers: { [key: string]: string },
    ) {
      return fetch(`${this.host}${path}?${query}`, { method, body, headers }) as never;
    }
  }

  const environment = config.environment === 'Production' ? Environment.PRODUCTION : Environment.SANDBOX;
  const client = new ConfiguredHostClient(
    config.apiUrl,
    key.privateKey,
    key.keyId,
    key.issuerId,
    app.bundleId,
    environment,
  );
  const verifier = new SignedDataVerifier(config.rootCertificates, false, environment, app.bundleId, app.appAppleId);
  return {
    async transaction(transactionId) {
      let signed: string | undefined;
      try {
        signed = (await client.getTransactionInfo(transactionId)).signedTransactionInfo;
      } catch (error) {
        const status = (error as { httpStatusCode?: number }).httpStatusCode;
        if (status !== undefined && UNKNOWN_STATUSES.has(status)) return 'unknown';
        // Apple unreachable, or refusing our API key: the player may try again later (503).
        throw Object.assign(new ServiceUnavailableError('App Store Server API'), { cause: error });
      }
      if (!signed) return 'unknown';
      try {
        return await verifier.verifyAndDecodeTransaction(signed);
      } catch (error) {
        if (!(error instanceof VerificationException)) throw error;
        // Signed by Apple, but for another app or environment; everything else did not verify.
        const foreign = [VerificationStatus.INVALID_APP_IDENTIFIER, VerificationStatus.INVALID_ENVIRONMENT];
        return foreign.includes(error.status) ? 'foreign' : 'forged';
      }
    },
  };
}
