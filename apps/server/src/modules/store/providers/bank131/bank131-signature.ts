import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';

/**
 * Bank131's request and notification signature (platform-protocols.md §9, bank131/php-sdk
 * SignatureGenerator / SignatureValidator): base64 of an RSA-SHA256 PKCS#1 v1.5 signature over
 * the exact bytes of the body, sent in X-PARTNER-SIGN. fxid signs its requests with its own
 * private key; Bank131 signs its notifications with its key, verified with Bank131's public key.
 */
export const BANK131_SIGNATURE_HEADER = 'x-partner-sign';

export function signBank131(body: string | Buffer, privateKey: KeyObject): string {
  return sign('sha256', typeof body === 'string' ? Buffer.from(body) : body, privateKey).toString('base64');
}

/** True when any of the keys (one current, more while the bank rotates) signed these exact bytes. */
export function verifyBank131(rawBody: Buffer, signature: string, publicKeys: readonly KeyObject[]): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  const bytes = Buffer.from(signature, 'base64');
  return publicKeys.some((key) => verify('sha256', rawBody, key, bytes));
}

/** A PEM key from an environment variable, where newlines are often written as `\n`. */
export function pemOf(text: string): string {
  return text.replace(/\\n/g, '\n').trim();
}

export const privateKeyOf = (pem: string) => createPrivateKey(pemOf(pem));
export const publicKeyOf = (pem: string) => createPublicKey(pemOf(pem));
