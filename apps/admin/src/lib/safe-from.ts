/** Only a path inside the console: a crafted ?from= never sends the staff member elsewhere. */
export const safeFrom = (from: string | null) => (from && /^\/(?!\/)/.test(from) ? from : '/');
