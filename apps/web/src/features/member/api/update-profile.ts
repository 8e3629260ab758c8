import type { ProfileForm } from '@yance/contracts/user';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** Saves the attestation / profile form (spec §3). */
export const updateProfile = (body: ProfileForm) => api.post<null>('/api/auth/user/update4profile', body);

export const useUpdateProfile = () => useMutation({ mutationFn: updateProfile });
