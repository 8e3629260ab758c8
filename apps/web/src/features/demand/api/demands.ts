import type { DemandAddBody } from '@yance/contracts/demand';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { download, saveFile, upload } from '@yance/browser/api-files';
import { notify } from '@yance/browser/notify';
import { ORDERS_KEY, PLAN_KEY, USER_INFO_KEY } from '@/lib/query-keys.ts';

/** The customer's demands and contracts (issue 9, ADR 0044/0045). */
export const DEMANDS_KEY = [...ORDERS_KEY, 'demands'] as const;
const CONTRACTS_KEY = [...ORDERS_KEY, 'contracts'] as const;

export const useDemands = (page = 1) =>
  useQuery({
    queryKey: [...DEMANDS_KEY, page],
    queryFn: ({ signal }) => call('demandList', { body: { page, pageSize: 10 } }, { signal }),
  });

/** 提交需求: the attachments go up first (private files), then the demand with their ids. */
export function useAddDemand() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: async ({ body, files }: { body: Omit<DemandAddBody, 'attachments'>; files: File[] }, idempotencyKey) => {
      const attachments: string[] = [];
      for (const f of files) attachments.push((await upload('demandUpload', f, f.name)).id);
      return call('demandAdd', { body: { ...body, attachments, idempotencyKey } });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: DEMANDS_KEY }),
  });
}

/** 接受报价 / 拒绝报价 / 撤回需求; accepting fills the plan (its count in the header). */
export function useDemandMove() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: async ({ action, id, reason }: { action: 'accept' | 'decline' | 'withdraw'; id: number; reason?: string }) => {
      if (action === 'accept') await call('demandAccept', { body: { id } });
      else if (action === 'decline') await call('demandDecline', { body: { id, reason: reason ?? '' } });
      else await call('demandWithdraw', { body: { id } });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: DEMANDS_KEY });
      void queryClient.invalidateQueries({ queryKey: PLAN_KEY });
      void queryClient.invalidateQueries({ queryKey: USER_INFO_KEY });
    },
  });
}

export const downloadDemandFile = async (id: number, file: string, name: string) =>
  saveFile(await download('demandFile', { id, file }, name));

export const useContracts = () => useQuery({ queryKey: CONTRACTS_KEY, queryFn: ({ signal }) => call('contractList', {}, { signal }) });

export const downloadContract = async (orderId: number, orderNo: string) =>
  saveFile(await download('contractDownload', { orderId }, `检测服务合同-${orderNo}.pdf`));

export function useUploadScan() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: ({ orderId, file }: { orderId: number; file: File }) => upload('contractUpload', file, file.name, { orderId }),
    onSuccess: () => {
      notify.success('签署件已上传，等待客户经理确认');
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
}
