import { formatFen } from '@yance/browser/format';

/** A wallet statement amount with its sign: "+¥20.00" in, "-¥100.00" out. */
export const signedFen = (fen: number) => (fen > 0 ? `+${formatFen(fen)}` : formatFen(fen));

/** Yuan typed in the form (at most two decimals) as integer fen; null for nothing typed. */
export const yuanToFen = (yuan: number | null | undefined): number | null =>
  yuan === null || yuan === undefined || !Number.isFinite(yuan) ? null : Math.round(yuan * 100);

/** A new idempotency key (ADR 0050's shape: 32 hex characters). */
const newKey = () => globalThis.crypto.randomUUID().replaceAll('-', '');

/**
 * The withdrawal form's idempotency key (ADR 0050): the same key for every
 * retry of the same request, a new one when what is sent changes or after a success.
 */
export function createKeyKeeper(make: () => string = newKey) {
  let current: { key: string; sent: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const sent = JSON.stringify(body);
      if (current?.sent !== sent) current = { key: make(), sent };
      return current.key;
    },
    done() {
      current = null;
    },
  };
}
