import { useState } from 'react';

/** 64 characters, so one random byte's low six bits pick one evenly. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/**
 * A money-moving request's idempotency key (ADR 0050): 24 characters of
 * [A-Za-z0-9_-] (144 random bits). getRandomValues, not randomUUID: the
 * console may be served over plain http on a LAN, where randomUUID is absent.
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => ALPHABET[b & 63]).join('');
}

/**
 * One key per mounted dialog: made when it opens, sent again on every retry
 * of the same intent, so a confirm whose answer was lost is not applied twice.
 */
export function useIdempotencyKey(): string {
  return useState(newIdempotencyKey)[0];
}
