import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A code waiting in the job queue is sealed (AES-256-GCM, key derived from
 * CODE_HASH_SECRET, bound to phone and purpose), so the job table, like
 * sms_code, never holds a code a database copy could read (ADR 0034).
 */
export function codeSeal(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'yance/sms-job/v1', 32));
  const aad = (phone: string, purpose: number) => Buffer.from(`sms:${phone}:${purpose}`);
  return {
    seal(code: string, phone: string, purpose: number): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(phone, purpose));
      const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    /** The code, or null when it was not sealed by this key for this phone and purpose. */
    open(sealed: string, phone: string, purpose: number): string | null {
      try {
        const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
        if (!iv || !tag || !body) return null;
        const decipher = createDecipheriv('aes-256-gcm', key, iv).setAAD(aad(phone, purpose)).setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
