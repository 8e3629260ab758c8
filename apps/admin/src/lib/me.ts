import { useQuery } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';
import { type Permission, type StaffMe } from '@yance/contracts/staff';
import { useSignedIn } from './staff-session.ts';

export const ME_KEY = ['adminMe'] as const;

/** The signed-in staff member (name, roles, permissions); only asked while a token is stored. */
export function useMe() {
  const signedIn = useSignedIn();
  return useQuery({ queryKey: ME_KEY, queryFn: () => call('adminMe', {}, { feedback: false }), enabled: signedIn, staleTime: 60_000 });
}

/**
 * Whether the staff member holds a permission, from what the server said
 * their roles allow (adminMe). The console only hides what the role cannot
 * do; the server checks every call itself.
 */
export const holds = (me: StaffMe | undefined, permission: Permission) => !!me && me.permissions.includes(permission);

/** Where a member whose roles need TOTP but who has none enrols (the server refuses everything else, ADR 0038). */
export const ENROL_PATH = '/totp';

/** An enrolment-only session: roles that need TOTP, none bound yet. */
export const mustEnrol = (me: StaffMe | undefined) => !!me && me.totpRequired && !me.totpEnabled;
