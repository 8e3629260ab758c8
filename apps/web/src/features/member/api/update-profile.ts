import type { ProfileForm } from '@yance/contracts/user';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';

/** Saves the attestation / profile form (spec §3). */
export const updateProfile = (body: ProfileForm) => call('update4profile', { body });

export const useUpdateProfile = () => useWrite({ mutationFn: updateProfile });
