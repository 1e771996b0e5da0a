import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Credentials Aula must keep (roster source client secrets, LTI private keys) are stored encrypted with SECRETS_KEY
// (DESIGN.md 9): AES-256-GCM, a fresh 96-bit nonce per value, stored as "v1.<nonce>.<tag>.<ciphertext>" (base64url).

const VERSION = 'v1';

function keyOf(hexKey: string | undefined): Buffer {
  if (!hexKey) throw new Error('SECRETS_KEY is not set: stored credentials cannot be encrypted or read');
  return Buffer.from(hexKey, 'hex');
}

export function encryptSecret(hexKey: string | undefined, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(hexKey), nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Throws when the value was changed or encrypted with another key. */
export function decryptSecret(hexKey: string | undefined, stored: string): string {
  const [version, nonce, tag, body] = stored.split('.');
  if (version !== VERSION || !nonce || !tag || body === undefined) throw new Error('not an encrypted secret');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(hexKey), Buffer.from(nonce, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
