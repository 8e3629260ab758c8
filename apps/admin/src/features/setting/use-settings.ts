import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { App } from 'antd';
import type { z } from 'zod';
import { call } from '@yance/browser/api-client';
import type { settingAdmin } from '@yance/contracts/api/setting-admin';

export type SettingAdmin = z.infer<typeof settingAdmin>;
const KEY = ['settingAdminDetail'] as const;

/** The stored web settings (null = never saved, or no longer valid: to be saved anew). */
export const useSettings = () => useQuery({ queryKey: KEY, queryFn: () => call('settingAdminDetail', {}, { feedback: false }) });

/** Saves one setting with its call; the server's answer (all settings) replaces the cached ones. */
export function useSaveSetting<T>(save: (value: T) => Promise<SettingAdmin>) {
  const { message } = App.useApp();
  const queries = useQueryClient();
  return useWrite({
    mutationFn: save,
    onSuccess: (data) => {
      void message.success('已保存');
      queries.setQueryData(KEY, data);
      void queries.invalidateQueries({ queryKey: ['auditList'] });
    },
  });
}
