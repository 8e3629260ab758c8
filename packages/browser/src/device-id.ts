import { DEVICE_ID_PATTERN } from '@yance/contracts/invite-states';

const KEY = 'yance-device';

/**
 * This browser's long-lived random id (ADR 0054), made once and kept in
 * localStorage; sent with sign-up and login so the invitation checks can tell
 * an invitee on the inviter's own device. null where there is no storage (the
 * server render) or it is refused.
 */
export function deviceId(): string | null {
  try {
    if (typeof localStorage === 'undefined') return null;
    const kept = localStorage.getItem(KEY);
    if (kept && DEVICE_ID_PATTERN.test(kept)) return kept;
    const made = `d${crypto.randomUUID().replaceAll('-', '')}`;
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    return null;
  }
}
