// The order form as typed, kept in this tab's sessionStorage so a refresh does not lose it (issue 21).
import type { OrderDraft } from './order-form.ts';

const PREFIX = 'yance:order-form:';

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage switched off: the form just starts afresh
  }
};

/** The form as it was typed for these lines, or null; samples of other lines are left out. */
export function typedBefore(key: string, lineIds: readonly number[]): OrderDraft | null {
  const raw = storage()?.getItem(PREFIX + key);
  if (!raw) return null;
  try {
    const kept = JSON.parse(raw) as OrderDraft;
    if (!lineIds.every((id) => Array.isArray(kept.samples?.[id]))) return null;
    return { ...kept, samples: Object.fromEntries(lineIds.map((id) => [id, kept.samples[id]!])) };
  } catch {
    return null;
  }
}

export function rememberTyped(key: string, draft: OrderDraft): void {
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(draft));
  } catch {
    // full or refused: nothing kept, nothing broken
  }
}

/** Sent or saved: the next visit starts from the server's copy. */
export const forgetTyped = (key: string) => storage()?.removeItem(PREFIX + key);
