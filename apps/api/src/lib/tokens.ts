import { createHmac, randomBytes } from 'node:crypto';

/** A fresh bearer or reset token: 256 random bits, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored only as this hash (DESIGN.md 4), keyed with TOKEN_SECRET: someone holding a copy of the
 * database but not the secret can neither use nor check a token.
 */
export function hashToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}
