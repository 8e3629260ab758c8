import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals a successor token pair for the refresh grace (ADR 0022): AES-256-GCM
 * under a key derived (HKDF) from the server secret, bound to the row it is
 * stored on, so a sealed pair copied to another row does not open. A copy of
 * the database alone opens nothing.
 */
export interface TokenSeal {
  seal(pair: { token: string; refreshToken: string }, rowId: number): string;
  /** The pair, or null when the text was not sealed by this key for this row. */
  open(sealed: string, rowId: number): { token: string; refreshToken: string } | null;
}

export function tokenSeal(secret: string): TokenSeal {
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'yance/refresh-grace/v1', 32));
  const aad = (rowId: number) => Buffer.from(`user_session:${rowId}`);
  return {
    seal(pair, rowId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(rowId));
      const body = Buffer.concat([cipher.update(JSON.stringify([pair.token, pair.refreshToken]), 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    open(sealed, rowId) {
      try {
        const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
        if (!iv || !tag || !body) return null;
        const decipher = createDecipheriv('aes-256-gcm', key, iv).setAAD(aad(rowId)).setAuthTag(tag);
        const [token, refreshToken] = JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')) as [
          string,
          string,
        ];
        return { token, refreshToken };
      } catch {
        return null;
      }
    },
  };
}
