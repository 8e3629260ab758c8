import { useState } from 'react';
import { newIdempotencyKey } from '@yance/browser/idempotency-key';

/**
 * One key per mounted dialog: made when it opens, sent again on every retry
 * of the same intent, so a confirm whose answer was lost is not applied twice.
 */
export function useIdempotencyKey(): string {
  return useState(newIdempotencyKey)[0];
}
