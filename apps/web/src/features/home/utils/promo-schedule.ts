/** localStorage key holding the local date (YYYY-MM-DD) the promotion last opened. */
const KEY = 'promoSeen';

const day = (now: Date) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** The promotion opens at most once a calendar day (browser only: call it from an effect or a handler). */
export function isPromoDue(now = new Date()): boolean {
  try {
    return localStorage.getItem(KEY) !== day(now);
  } catch {
    return true; // storage blocked: show it, as on a first visit
  }
}

export function markPromoSeen(now = new Date()): void {
  try {
    localStorage.setItem(KEY, day(now));
  } catch {
    // storage blocked: the next visit shows it again
  }
}
