/** The China-time day of an instant: 2026-11-25 (the same on any reader's clock). */
export const chinaDay = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 10);
