import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** A 32-byte key for one purpose, derived (HKDF-SHA256) from a server secret: one secret, unrelated keys. */
const keyFor = (secret: string, purpose: string) => Buffer.from(hkdfSync('sha256', secret, '', purpose, 32));

/**
 * Secrets kept at rest (staff TOTP secrets, ADR 0038): AES-256-GCM under a
 * key derived from the server secret, bound to where they are stored (`bind`,
 * e.g. the row), so a copy of the database opens nothing and a sealed value
 * moved to another row does not open either.
 */
export function sealedBox(secret: string, purpose: string) {
  const key = keyFor(secret, purpose);
  return {
    seal(plain: string, bind: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(bind));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    /** The plain text, or null when it was not sealed by this key for this place. */
    open(sealed: string, bind: string): string | null {
      try {
        const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
        if (!iv || !tag || !body) return null;
        const decipher = createDecipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(bind)).setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** HMAC-SHA256 under a derived key: a stored hash of a short secret (a recovery code) that a database copy cannot test guesses against. */
export function keyedHash(secret: string, purpose: string): (value: string) => string {
  const key = keyFor(secret, purpose);
  return (value) => createHmac('sha256', key).update(value).digest('hex');
}
