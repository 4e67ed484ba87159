import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { decodeJwt, importSPKI, jwtVerify } from 'jose';
import type { ProductPurchase } from './google-play-client.js';
import { GOOGLE_TOKEN_URL } from './native-config.js';

/** A fake store's answer: status and JSON body. */
export interface FakeStoreAnswer {
  status: number;
  body?: unknown;
}

/**
 * Google's side of Play purchase validation, faked (tests serve it on loopback, development at
 * /dev/native/google-play on this server): the OAuth token endpoint (a
 * service-account JWT bearer grant, RS256, checked with the account's public key, aud Google's
 * token URL, the androidpublisher scope) and the Android Publisher API's purchases.products get
 * and acknowledge, answering as Google does (platform-protocols.md §11a).
 */

export interface FakePurchase extends ProductPurchase {
  packageName: string;
  productId: string;
  purchaseToken: string;
}

const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';
const PATH =
  /^\/androidpublisher\/v3\/applications\/([^/]+)\/purchases\/products\/([^/]+)\/tokens\/([^/:]+)(:acknowledge)?$/;

export class FakeGooglePlay {
  readonly clientEmail = 'play-validator@fxid-test.iam.gserviceaccount.com';
  readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  readonly purchases = new Map<string, FakePurchase>();
  readonly accessTokens = new Set<string>();
  /** How many token exchanges and API calls were made (the token is cached, so few exchanges). */
  readonly calls = { token: 0, get: 0, acknowledge: 0 };
  url = '';
  /** When set, the API answers 503 to everything (an outage). */
  outage = false;

  /** The service account's JSON key file, as Google Cloud issues it. */
  serviceAccountJson(): string {
    return JSON.stringify({
      type: 'service_account',
      client_email: this.clientEmail,
      private_key: this.keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      token_uri: GOOGLE_TOKEN_URL,
    });
  }

  /** A purchase Google holds, paid and unacknowledged unless said otherwise; returns its token. */
  addPurchase(input: Partial<FakePurchase> & { packageName: string; productId: string }): FakePurchase {
    const purchaseToken = input.purchaseToken ?? `${randomBytes(24).toString('base64url')}.AO-J1Oz`;
    const purchase: FakePurchase = {
      kind: 'androidpublisher#productPurchase',
      purchaseTimeMillis: String(Date.now()),
      purchaseState: 0,
      consumptionState: 0,
      orderId: `GPA.${randomBytes(8).toString('hex')}`,
      acknowledgementState: 0,
      regionCode: 'US',
      ...input,
      purchaseToken,
    };
    this.purchases.set(purchaseToken, purchase);
    return purchase;
  }

  async handle(request: {
    method: string;
    url: URL;
    headers: Record<string, unknown>;
    body: string;
  }): Promise<FakeStoreAnswer> {
    if (request.method === 'POST' && request.url.pathname === '/token') return this.token(request.body);
    if (this.outage)
      return { status: 503, body: { error: { code: 503, message: 'The service is currently unavailable.' } } };
    const match = PATH.exec(request.url.pathname);
    if (!match) return { status: 404, body: { error: { code: 404, message: 'Not Found' } } };
    const bearer = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!this.accessTokens.has(bearer)) {
      return {
        status: 401,
        body: { error: { code: 401, message: 'Request had invalid authentication credentials.' } },
      };
    }
    const [, packageName = '', productId = '', token = '', acknowledge] = match.map(
      (part) => part && decodeURIComponent(part),
    );
    const purchase = this.purchases.get(token);
    if (!purchase || purchase.packageName !== packageName || purchase.productId !== productId) {
      return { status: 400, body: { error: { code: 400, message: 'Invalid Value', status: 'INVALID_ARGUMENT' } } };
    }
    if (acknowledge) {
      this.calls.acknowledge++;
      purchase.acknowledgementState = 1;
      return { status: 204 };
    }
    this.calls.get++;
    const { packageName: _p, productId: _i, ...answer } = purchase;
    return { status: 200, body: answer };
  }

  private async token(body: string): Promise<FakeStoreAnswer> {
    this.calls.token++;
    const form = new URLSearchParams(body);
    const refuse = { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return refuse;
    const assertion = form.get('assertion') ?? '';
    try {
      const spki = this.keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
      await jwtVerify(assertion, await importSPKI(spki, 'RS256'), {
        algorithms: ['RS256'],
        audience: GOOGLE_TOKEN_URL,
        issuer: this.clientEmail,
        maxTokenAge: 3600,
      });
    } catch {
      return refuse;
    }
    if (decodeJwt(assertion).scope !== SCOPE) return refuse;
    const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
    this.accessTokens.add(accessToken);
    return { status: 200, body: { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' } };
  }
}
