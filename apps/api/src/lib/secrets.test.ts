import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './secrets';

const KEY = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);

describe('stored secrets', () => {
  it('round-trips, and never stores the plain text', () => {
    const stored = encryptSecret(KEY, 'client-secret-123');
    expect(stored).not.toContain('client-secret-123');
    expect(stored).not.toBe(encryptSecret(KEY, 'client-secret-123'));
    expect(decryptSecret(KEY, stored)).toBe('client-secret-123');
  });

  it('refuses another key, a changed value and a missing key', () => {
    const stored = encryptSecret(KEY, 'x');
    expect(() => decryptSecret(OTHER, stored)).toThrow();
    const parts = stored.split('.');
    parts[3] = Buffer.from('y').toString('base64url');
    expect(() => decryptSecret(KEY, parts.join('.'))).toThrow();
    expect(() => encryptSecret(undefined, 'x')).toThrow('SECRETS_KEY is not set');
  });
});
