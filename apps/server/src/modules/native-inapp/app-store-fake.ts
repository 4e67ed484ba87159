import { execFileSync } from 'node:child_process';
import { createPrivateKey, generateKeyPairSync, randomInt, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompactSign, importSPKI, jwtVerify } from 'jose';
import type { FakeStoreAnswer } from './google-play-fake.js';

/**
 * Apple's side of App Store validation, faked (tests serve it on loopback, development at
 * /dev/native/app-store on this server): `GET /inApps/v1/transactions/{id}` behind
 * the App Store Connect ES256 bearer token (aud appstoreconnect-v1, bid), answering
 * signedTransactionInfo as a JWS whose x5c chain (leaf, intermediate, root) carries Apple's OIDs
 * and ends at a test root made here with openssl; a second, rogue root makes forgeries that
 * look the same but chain elsewhere (platform-protocols.md §11b).
 */

/** Apple's marker OIDs: on the leaf that signs receipts, and on the WWDR intermediate. */
const LEAF_OID = '1.2.840.113635.100.6.11.1';
const INTERMEDIATE_OID = '1.2.840.113635.100.6.2.1';

export interface SigningChain {
  /** The root's DER, the one the server pins. */
  rootDer: Buffer;
  /** Base64 DER certificates: leaf, intermediate, root (the JWS x5c header). */
  x5c: string[];
  leafKey: ReturnType<typeof createPrivateKey>;
}

/** A root, an intermediate and a leaf, EC P-256, as Apple's chain is shaped. */
export function makeSigningChain(name: string): SigningChain {
  const dir = mkdtempSync(join(tmpdir(), 'fake-app-store-'));
  const file = (base: string) => join(dir, base);
  const run = (...args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    for (const part of ['root', 'intermediate', 'leaf']) {
      run('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', file(`${part}.key`));
    }
    run(
      'req',
      '-x509',
      '-new',
      '-key',
      file('root.key'),
      '-subj',
      `/O=${name} Root`,
      '-days',
      '3650',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
      '-out',
      file('root.pem'),
    );
    writeFileSync(
      file('intermediate.ext'),
      `basicConstraints=critical,CA:TRUE,pathlen:0\nkeyUsage=critical,keyCertSign,cRLSign\n${INTERMEDIATE_OID}=ASN1:NULL\n`,
    );
    writeFileSync(
      file('leaf.ext'),
      `basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n${LEAF_OID}=ASN1:NULL\n`,
    );
    for (const [part, issuer] of [
      ['intermediate', 'root'],
      ['leaf', 'intermediate'],
    ] as const) {
      run('req', '-new', '-key', file(`${part}.key`), '-subj', `/O=${name} ${part}`, '-out', file(`${part}.csr`));
      run(
        'x509',
        '-req',
        '-in',
        file(`${part}.csr`),
        '-CA',
        file(`${issuer}.pem`),
        '-CAkey',
        file(`${issuer}.key`),
        '-CAcreateserial',
        '-days',
        '3650',
        '-extfile',
        file(`${part}.ext`),
        '-out',
        file(`${part}.pem`),
      );
    }
    const der = (part: string) => Buffer.from(new X509Certificate(readFileSync(file(`${part}.pem`))).raw);
    return {
      rootDer: der('root'),
      x5c: ['leaf', 'intermediate', 'root'].map((part) => der(part).toString('base64')),
      leafKey: createPrivateKey(readFileSync(file('leaf.key'))),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A transaction as Apple signs it (JWSTransactionDecodedPayload); only what the server reads is required. */
export interface FakeTransaction {
  transactionId: string;
  originalTransactionId: string;
  bundleId: string;
  productId: string;
  appAccountToken?: string;
  environment: 'Sandbox' | 'Production';
  revocationDate?: number;
  revocationReason?: number;
}

export class FakeAppStore {
  readonly chain = makeSigningChain('Fake Apple');
  private rogueChain: SigningChain | undefined;
  /** Another root's chain, shaped like Apple's: what a forger can make. */
  get rogue(): SigningChain {
    this.rogueChain ??= makeSigningChain('Rogue');
    return this.rogueChain;
  }
  /** The App Store Connect in-app purchase key (.p8) the server signs its bearer token with. */
  readonly apiKey = {
    keyId: 'FAKEKEY123',
    issuerId: '57246542-96fe-1a63-e053-0824d011072a',
    ...generateKeyPairSync('ec', { namedCurve: 'P-256' }),
  };
  /** Signed transaction info by transaction id, as the API returns it. */
  readonly signed = new Map<string, string>();
  readonly calls = { transactions: 0 };
  url = '';

  apiKeyPem(): string {
    return this.apiKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  }

  /** Signs a transaction's payload as Apple does (ES256, x5c), with the real test chain or the rogue one. */
  async sign(transaction: FakeTransaction, chain: SigningChain = this.chain): Promise<string> {
    const payload = {
      purchaseDate: Date.now() - 1000,
      originalPurchaseDate: Date.now() - 1000,
      quantity: 1,
      type: 'Consumable',
      inAppOwnershipType: 'PURCHASED',
      signedDate: Date.now(),
      transactionReason: 'PURCHASE',
      storefront: 'USA',
      storefrontId: '143441',
      price: 990,
      currency: 'USD',
      ...transaction,
    };
    return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: 'ES256', x5c: chain.x5c })
      .sign(chain.leafKey);
  }

  /** A purchase Apple holds; returns its transaction id. */
  async addTransaction(
    input: Omit<FakeTransaction, 'transactionId' | 'originalTransactionId' | 'environment'> &
      Partial<Pick<FakeTransaction, 'transactionId' | 'originalTransactionId' | 'environment'>>,
    chain?: SigningChain,
  ): Promise<string> {
    const transactionId = input.transactionId ?? String(randomInt(2 ** 47));
    const transaction: FakeTransaction = {
      transactionId,
      originalTransactionId: transactionId,
      environment: 'Sandbox' as const,
      ...input,
    };
    this.signed.set(transactionId, await this.sign(transaction, chain));
    return transactionId;
  }

  async handle(request: { method: string; url: URL; headers: Record<string, unknown> }): Promise<FakeStoreAnswer> {
    const match = /^\/inApps\/v1\/transactions\/(\d+)$/.exec(request.url.pathname);
    if (request.method !== 'GET' || !match)
      return { status: 404, body: { errorCode: 4040000, errorMessage: 'Not found' } };
    const bearer = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    try {
      const spki = this.apiKey.publicKey.export({ type: 'spki', format: 'pem' }).toString();
      const { protectedHeader } = await jwtVerify(bearer, await importSPKI(spki, 'ES256'), {
        algorithms: ['ES256'],
        audience: 'appstoreconnect-v1',
        issuer: this.apiKey.issuerId,
      });
      if (protectedHeader.kid !== this.apiKey.keyId) throw new Error('kid');
    } catch {
      return { status: 401, body: { errorCode: 4010000, errorMessage: 'Unauthenticated' } };
    }
    this.calls.transactions++;
    const signed = this.signed.get(match[1] ?? '');
    if (!signed) return { status: 404, body: { errorCode: 4040010, errorMessage: 'Transaction id not found.' } };
    return { status: 200, body: { signedTransactionInfo: signed } };
  }
}
