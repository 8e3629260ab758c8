// The enterprise contract of an order (issue 9, ADR 0045): while the order is
// 待签约 the customer downloads the generated PDF, uploads the signed scan, and
// the manager confirms it (the order's confirmContract) or rejects the scan.
import { z } from 'zod';
import { id } from './numbers.ts';
import { optionalText, text } from './text.ts';
import { CONTRACT_STATES } from './contract-states.ts';
import { ORDER_STATES } from './order-states.ts';

// The states, their names and the transition table live zod-free in contract-states.ts.
export { CONTRACT_STATES, CONTRACT_STATE_NAMES, type ContractState } from './contract-states.ts';

/** Timeline entries of an order's contract that leave the order's state as it is. */
export const CONTRACT_EVENT_LABELS = { contractUpload: '上传签署合同', contractReject: '退回签署合同' } as const;
export type ContractEventAction = keyof typeof CONTRACT_EVENT_LABELS;
export const CONTRACT_EVENT_ACTIONS = Object.keys(CONTRACT_EVENT_LABELS) as ContractEventAction[];

/** The refusal of 确认合同 while no signed scan waits. */
export const CONTRACT_SCAN_MISSING = '客户尚未上传签署的合同，无法确认合同';

export const contractSummary = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  orderState: z.enum(ORDER_STATES),
  state: z.enum(CONTRACT_STATES),
  total_fen: z.number().int().nullable(),
  scanName: z.string(),
  uploadedAt: z.string().nullable(),
  rejectReason: z.string(),
  createdAt: z.string(),
});
export type ContractSummary = z.infer<typeof contractSummary>;

export const contractListResponse = z.object({ list: z.array(contractSummary) });
export type ContractListResponse = z.infer<typeof contractListResponse>;

export const contractOrderBody = z.object({ orderId: id('订单') });
/** contract/upload: multipart, the order's id in field orderId and the file in field file. */
export const contractUploadFields = z.object({ orderId: id('订单') });
export const adminContractQuery = z.object({ orderId: id('订单') });
export const adminContractRejectBody = z.object({
  orderId: id('订单'),
  reason: text('退回原因', { max: 200 }),
});
export const adminContractConfirmNote = optionalText('备注', { max: 500, multiline: true });
