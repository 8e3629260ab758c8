import type { InvoiceApplyAddBody, InvoiceTitleEditBody, InvoiceTitleForm } from '@yance/contracts/invoice';
import type { InvoiceState } from '@yance/contracts/invoice-states';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { download, saveFile } from '@yance/browser/api-files';
import { notify } from '@yance/browser/notify';
import { INVOICES_KEY, MESSAGES_KEY } from '@/lib/query-keys.ts';

/** The customer's invoice titles and applications (issue 10, ADR 0052). */
const TITLES_KEY = [...INVOICES_KEY, 'titles'] as const;
const APPLICATIONS_KEY = [...INVOICES_KEY, 'applications'] as const;
const INVOICEABLE_KEY = [...INVOICES_KEY, 'invoiceable'] as const;

export const useInvoiceTitles = () => useQuery({ queryKey: TITLES_KEY, queryFn: ({ signal }) => call('invoiceList', {}, { signal }) });

/** Anything about invoices changed: titles, applications, what is left to invoice, and the messages a move leaves. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: INVOICES_KEY });
    void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
  };
}

/** 新增 / 编辑抬头: with an id it edits. */
export function useSaveTitle() {
  const refresh = useRefresh();
  return useWrite({
    mutationFn: (body: InvoiceTitleForm | InvoiceTitleEditBody, idempotencyKey) =>
      'id' in body ? call('invoiceEdit', { body }) : call('invoiceAdd', { body: { ...body, idempotencyKey } }),
    onSuccess: refresh,
  });
}

export function useDeleteTitle() {
  const refresh = useRefresh();
  return useWrite({ mutationFn: (id: number) => call('invoiceDel', { body: { id } }), onSuccess: refresh });
}

export function useSetDefaultTitle() {
  const refresh = useRefresh();
  return useWrite({ mutationFn: (id: number) => call('invoiceDefault', { body: { id } }), onSuccess: refresh });
}

/** The paid orders with something still invoiceable. */
export const useInvoiceableOrders = (enabled = true) =>
  useQuery({ queryKey: INVOICEABLE_KEY, queryFn: ({ signal }) => call('invoiceApplyOrders', {}, { signal }), enabled });

export const useApplications = (state: InvoiceState | undefined, page: number) =>
  useQuery({
    queryKey: [...APPLICATIONS_KEY, state ?? 'all', page],
    queryFn: ({ signal }) => call('invoiceApplyList', { body: { state, page, pageSize: 10 } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useApplication = (id: number | null) =>
  useQuery({
    queryKey: [...APPLICATIONS_KEY, 'detail', id],
    queryFn: ({ signal }) => call('invoiceApplyDetail', { body: { id: id! } }, { signal }),
    enabled: id !== null,
  });

export function useApply() {
  const refresh = useRefresh();
  return useWrite({
    mutationFn: (body: InvoiceApplyAddBody, idempotencyKey) => call('invoiceApplyAdd', { body: { ...body, idempotencyKey } }),
    onSuccess: () => {
      notify.success('开票申请已提交');
      refresh();
    },
  });
}

export function useWithdraw() {
  const refresh = useRefresh();
  return useWrite({
    mutationFn: (id: number) => call('invoiceApplyCancel', { body: { id } }),
    onSuccess: () => {
      notify.success('已撤回');
      refresh();
    },
  });
}

export const downloadInvoice = async (id: number, invoiceNo: string) =>
  saveFile(await download('invoiceApplyPdf', { id }, `发票-${invoiceNo}.pdf`));
