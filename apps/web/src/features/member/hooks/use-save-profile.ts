import type { ProfileForm, UserInfoResponse } from '@yance/contracts/user';
import { useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { notify } from '@yance/browser/notify';
import { USER_INFO_KEY } from '@/lib/query-keys.ts';
import { addAddress } from '../api/add-address.ts';
import { updateProfile } from '../api/update-profile.ts';
import { regionNames } from '../utils/region-options.ts';

/**
 * Saves the profile; a user with no address also gets their first (default)
 * address from the profile's name, phone, region and address, so ordering works.
 */
export function useSaveProfile(user: UserInfoResponse) {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: async (values: ProfileForm, idempotencyKey) => {
      await updateProfile(values);
      const names = regionNames(values.region);
      if (user.address.length === 0 && names) {
        await addAddress(
          {
            name: values.name,
            phone: user.userInfo.phone,
            ...names,
            address: values.address,
            address_code: values.region,
            default: true,
          },
          idempotencyKey,
        );
      }
    },
    onSuccess: async () => {
      notify.success('提交成功!');
      await queryClient.invalidateQueries({ queryKey: USER_INFO_KEY });
    },
  });
}
