// A result file's states and its one transition table (issue 20, ADR 0058). zod-free: the
// console and the server read the same table, and the database's CHECK constraint is
// generated from RESULT_FILE_STATES.
import { staff, type Transition } from './machine.ts';
import { ORDER_STATE_NAMES, type OrderState } from './order-states.ts';

/** Uploaded by the lab (pending), then passed (the customer sees it) or rejected with a reason. */
export const RESULT_FILE_STATES = ['pending', 'approved', 'rejected'] as const;
export type ResultFileState = (typeof RESULT_FILE_STATES)[number];
export const RESULT_FILE_STATE_NAMES: Record<ResultFileState, string> = { pending: '待审核', approved: '审核通过', rejected: '已驳回' };

export type ResultFileTransition = Transition<ResultFileState> & { to: ResultFileState; parentIn: readonly OrderState[] };

/**
 * The order states in which the lab works on the data: from the samples' receipt (已收样, 实验中) until the
 * order is done — a file may follow the delivery (a free retest) — never before the samples came nor on a
 * cancelled order.
 */
export const LAB_WORKS: readonly OrderState[] = ['received', 'testing', 'delivered', 'unsettled', 'overdue', 'completed'];

/**
 * Every change of a result file's state, and the only one: the server's
 * result-file machine (modules/lab/result-file.service.ts, on the one engine)
 * checks who may, the file's state and the gate on its order's state
 * (`parentIn`, 409 in Chinese). 交付数据 needs an approved file (the lab's
 * reaction to the order's move).
 */
export const RESULT_FILE_TRANSITIONS = {
  /** The lab uploads a file (pending review). */
  upload: { label: '上传结果文件', from: [], to: 'pending', by: [staff('order.lab')], parentIn: LAB_WORKS },
  /** 审核通过: the customer may download it. */
  approve: { label: '结果文件审核通过', from: ['pending'], to: 'approved', by: [staff('order.lab')], parentIn: LAB_WORKS },
  /** 驳回 with a reason the console shows. */
  reject: { label: '结果文件驳回', from: ['pending'], to: 'rejected', by: [staff('order.lab')], note: 'required', parentIn: LAB_WORKS },
} as const satisfies Record<string, ResultFileTransition>;
export type ResultFileAction = keyof typeof RESULT_FILE_TRANSITIONS;
export const RESULT_FILE_ACTIONS = Object.keys(RESULT_FILE_TRANSITIONS) as ResultFileAction[];

/** Why a file cannot take `action` while its order is in `state` (null when the table's gate lets it). */
export function resultFileRefusal(action: ResultFileAction, state: OrderState): string | null {
  if ((RESULT_FILE_TRANSITIONS[action].parentIn as readonly OrderState[]).includes(state)) return null;
  const now = state === 'cancelled' ? '订单已取消' : `订单当前为「${ORDER_STATE_NAMES[state]}」`;
  return `${now}，${action === 'upload' ? '不能上传结果文件' : '不能审核结果文件'}`;
}
