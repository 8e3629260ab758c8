import { useState } from 'react';
import { createKeyKeeper, type KeyKeeper } from '@yance/browser/idempotency-key';

/**
 * A form's idempotency key (ADR 0050), kept for the form's life: see
 * createKeyKeeper — the same key for every retry of the same submission, a
 * new one when what is sent changes or after a success (`done`).
 */
export function useIdempotencyKey(): KeyKeeper {
  const [keeper] = useState(createKeyKeeper);
  return keeper;
}
