import { createDecipheriv, type ECDH, hkdfSync } from 'node:crypto';
import { importJWK, type JWTPayload, jwtVerify } from 'jose';
import {
  type ReceivedRequest,
  type RecordingHttpsServer,
  startRecordingHttpsServer,
} from './recording-https-server.js';

/** One request the fake push service received. */
export type ReceivedPush = ReceivedRequest;

/**
 * A push service on loopback for tests: real HTTPS (web-push only speaks https), recording
 * each request and answering 201 Created, as push services do, unless told otherwise.
 */
export type FakePushService = RecordingHttpsServer;

export function startFakePushService(): Promise<FakePushService> {
  return startRecordingHttpsServer(201);
}

/**
 * Checks a `vapid t=<JWT>, k=<public key>` Authorization header (RFC 8292): the JWT is
 * ES256-signed by the key in k, which must be the expected one; returns its claims.
 */
export async function verifyVapidHeader(header: string, expectedPublicKey: string): Promise<JWTPayload> {
  const match = /^vapid t=([\w.-]+), k=([\w-]+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, jwt = '', key = ''] = match;
  if (key !== expectedPublicKey) throw new Error('the VAPID key is not the configured one');
  const point = Buffer.from(key, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const { payload } = await jwtVerify(jwt, await importJWK(jwk, 'ES256'), { algorithms: ['ES256'] });
  return payload;
}

/**
 * Decrypts an aes128gcm Web Push message (RFC 8291, one record) with the receiving
 * browser's key pair and auth secret, independently of the library that encrypted it.
 */
export function decryptPush(body: Buffer, receiver: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = receiver.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by optional zero padding.
  const end = padded.lastIndexOf(2);
  if (end < 0 || padded.subarray(end + 1).some((byte) => byte !== 0)) throw new Error('bad record padding');
  return padded.subarray(0, end).toString('utf8');
}
