import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database (a streaming service's OAuth tokens) sealed with AES-256-GCM:
 * `v1.{iv}.{ciphertext}.{tag}` in base64url. `context` (e.g. the row's account, game and
 * service) is authenticated with it, so a sealed value copied to another row does not open.
 * A database dump without the key reveals nothing of them.
 */
const VERSION = 'v1';

/** The 32-byte key from the configured text (any length; hashed, so a passphrase works too). */
export function sealingKey(secret: string): Buffer {
  return createHash('sha256').update(`fxid-sealed-text:${secret}`).digest();
}

export function sealText(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plain text, or undefined when the value was tampered with, sealed for another context or with another key. */
export function openText(key: Buffer, sealed: string, context: string): string | undefined {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== VERSION || !iv || body === undefined || !tag) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
