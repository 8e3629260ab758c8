// The enterprise contract of an order (issue 9, ADR 0045): the PDF made from
// the order, the signed scan the customer uploads, the manager's rejection or
// confirmation (the order's confirmContract, refused while no scan waits).
// The contract's state moves only on the contract machine (ADR 0058), gated
// by the order's state (待签约).
import {
  CONTRACT_STATE_NAMES,
  CONTRACT_TRANSITIONS,
  contractRefusal,
  type ContractAction,
  type ContractState,
} from '@yance/contracts/contract-states';
import { CONTRACT_SCAN_MISSING, type ContractListResponse, type ContractSummary } from '@yance/contracts/order-contract';
import { ORDER_STATE_NAMES, type OrderState } from '@yance/contracts/order-states';
import type { OrderMoveBody } from '@yance/contracts/order';
import { chinaToday } from '@yance/contracts/sampling-rules';
import type { OrderFigures } from '@yance/contracts/order-figures';
import { areaList } from '@vant/area-data';
import { placeText } from '@yance/contracts/place';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { defineMachine } from '../../lib/state-machine.ts';
import { getPrivateFile, putPrivateFile, type FileStorage, type UploadedFile } from '../media/index.ts';
import {
  adminMove,
  staffMover,
  staffOrder,
  staffOrderDetail,
  customerCard,
  customerMover,
  findCustomerOrder,
  lockCustomerOrder,
  orderLines,
  orderStateOf,
  recordOrderEvent,
  type OrderRow,
  orderBriefOf,
  figuresOfOrder,
  orderFigures,
} from '../order/index.ts';
import { getSettings } from '../setting/index.ts';
import { getAddresses } from '../address/index.ts';
import type { ContractInput } from './contract-pdf.ts';
import * as repo from './contract.repository.ts';
import type { ContractRow } from './contract.repository.ts';

/** The shop's name on the contract (乙方) until 设置 › 联系方式 names the company. */
export const SHOP_NAME = '研测科技检测服务平台';
const SCAN_KINDS = '[签署件]仅支持PDF或图片（JPEG、PNG、WebP）';
const NOT_ENTERPRISE = '该订单无需签署合同';

/** The contract as the machine moves it: keyed by its order (id = orderId); an order without a row has a `none` one. */
type Contract = ContractRow & { id: number };

/** The order's contract, locked (a missing row is the `none` contract the first scan makes). */
async function lockRow(t: AppContext, orderId: number): Promise<Contract> {
  const row = await repo.lockContract(t.db, orderId);
  if (row) return { ...row, id: row.orderId };
  return {
    id: orderId,
    orderId,
    state: 'none',
    scanKey: '',
    scanName: '',
    scanType: '',
    uploadedAt: null,
    rejectReason: '',
    decidedBy: null,
    decidedAt: null,
  };
}

/**
 * The contract's machine: the customer uploads, the manager rejects or
 * confirms (with the order's 确认合同); the order's state gates every action.
 * The caller holds the order's lock and has checked its reach.
 */
export const contractMachine = defineMachine<AppContext, Contract, ContractState, typeof CONTRACT_TRANSITIONS>({
  objectType: 'contract',
  table: CONTRACT_TRANSITIONS,
  names: CONTRACT_STATE_NAMES,
  noun: '合同',
  missing: '订单不存在',
  lock: lockRow,
  write: async (t, row, from, to, _at, set) => {
    const after = await repo.setContractState(t.db, row.orderId, from, to, set);
    return after && { ...after, id: after.orderId };
  },
  parent: {
    state: async (t, row) => (await orderStateOf(t, row.orderId))!,
    refused: (state, action) => contractRefusal(action as ContractAction, state as OrderState) ?? '',
  },
  noteMissing: () => '[退回原因]不能为空',
  audience: async (t, row) => {
    const o = (await orderBriefOf(t, row.orderId))!;
    return { userId: o.userId, orderId: row.orderId, vars: { no: o.no } };
  },
});

const summaryOf = (o: OrderRow, c: ContractRow | null | undefined, figures: OrderFigures | undefined): ContractSummary => ({
  orderId: o.id,
  orderNo: o.no,
  orderState: o.state,
  state: c?.state ?? (o.state === 'contracting' ? 'none' : o.state === 'cancelled' ? 'none' : 'confirmed'),
  total_fen: figures?.payableFen ?? o.totalFen,
  scanName: c?.scanName ?? '',
  uploadedAt: c?.uploadedAt?.toISOString() ?? null,
  rejectReason: c?.rejectReason ?? '',
  createdAt: o.createdAt.toISOString(),
});

/** An order has a contract once priced, if it is an enterprise's. */
function refuseWithoutContract(o: OrderRow): void {
  if (o.kind !== 'enterprise') throw new AppError('CONFLICT', NOT_ENTERPRISE);
  if (o.state === 'draft' || o.state === 'quoting')
    throw new AppError('CONFLICT', `订单当前为「${ORDER_STATE_NAMES[o.state]}」，报价完成后才能生成合同`);
}

/** contract/list: the customer's enterprise orders past pricing, with their contract's state. */
export async function listContracts(ctx: AppContext, userId: number): Promise<ContractListResponse> {
  const rows = await repo.listCustomerContracts(ctx.db, userId);
  const figures = await orderFigures(
    ctx,
    rows.map((r) => r.o.id),
  );
  return { list: rows.map((r) => summaryOf(r.o, r.c, figures.get(r.o.id))) };
}

/** The unit's place from its 所在地区 (a county code of the region table the profile picks from) and 详细地址. */
function unitPlace(c: { region: string; address: string }) {
  const { province_list, city_list, county_list } = areaList;
  const area = county_list[c.region];
  if (!area || !c.address.trim()) return undefined;
  return {
    province: province_list[`${c.region.slice(0, 2)}0000`] ?? '',
    city: city_list[`${c.region.slice(0, 4)}00`] ?? '',
    area,
    address: c.address,
  };
}

/** What the contract of an order prints: parties, lines and the order's figures (issue 21: the amounts are the order's own). */
export async function contractInputOf(ctx: AppContext, o: OrderRow): Promise<ContractInput> {
  const { localInfo } = await getSettings(ctx, ['localInfo']);
  const c = await customerCard(ctx, o.userId);
  const lines = await orderLines(ctx, o.id);
  // 甲方地址: the unit's address of the customer's basic information (所在地区 + 详细地址, what the company is); a
  // customer without one, their address book's default (else first) — a shipping address, not the party's.
  const unit = c ? unitPlace(c) : undefined;
  const book = unit ? [] : await getAddresses(ctx, o.userId);
  const place = unit ?? book.find((a) => a.default) ?? book[0];
  return {
    orderNo: o.no,
    date: chinaToday(o.createdAt),
    shop: {
      name: localInfo?.company || SHOP_NAME,
      address: localInfo?.address ?? '',
      // 乙方's 联系人: the customer's account manager (who quoted and confirms the contract), the shop's phone without theirs.
      contact: c?.managerName ?? '',
      phone: c?.managerPhone || localInfo?.phone || '',
      email: localInfo?.email ?? '',
    },
    customer: { name: c?.company || c?.name || '', address: place ? placeText(place) : '', contact: c?.name ?? '', phone: c?.phone ?? '' },
    lines: lines.map((l) => ({
      name: l.name,
      rid: l.rid,
      unit: l.unit,
      unitFen: l.unitFen,
      count: l.count,
      amountFen: l.amountFen,
      promoFen: l.promoFen,
      promoLabel: l.promoLabel,
      turnaroundDays: l.turnaroundDays,
    })),
    figures: (await figuresOfOrder(ctx, o.id))!,
  };
}

/** The contract PDF of an order (parties, lines, prices, terms, signature blocks). */
async function pdfOf(ctx: AppContext, o: OrderRow): Promise<{ name: string; bytes: Uint8Array }> {
  const { contractPdf } = await import('./contract-pdf.ts');
  const bytes = await contractPdf(await contractInputOf(ctx, o));
  return { name: `检测服务合同-${o.no}.pdf`, bytes };
}

export async function customerContractPdf(ctx: AppContext, userId: number, orderId: number) {
  const order = await findCustomerOrder(ctx, await customerMover(ctx, userId), orderId);
  refuseWithoutContract(order);
  return pdfOf(ctx, order);
}

/**
 * contract/upload: the signed scan of an order waiting for it (待签约): a
 * PDF or a picture, private; replaces an earlier or rejected scan. The
 * timeline and the audit log in the same transaction.
 */
export async function uploadScan(ctx: AppContext, storage: FileStorage, userId: number, orderId: number, file: UploadedFile, ip: string) {
  const mover = await customerMover(ctx, userId, ip);
  const order = await findCustomerOrder(ctx, mover, orderId);
  refuseWithoutContract(order);
  // The table's gate before the scan is stored (the machine checks it again under the order's lock).
  const refused = contractRefusal('upload', order.state);
  if (refused) throw new AppError('CONFLICT', refused);
  const stored = await putPrivateFile(storage, userId, file, ['pdf', 'image'], SCAN_KINDS);
  return ctx.tx(async (t) => {
    const locked = await lockCustomerOrder(t, mover, orderId);
    const row = await contractMachine.move(t, mover, locked.id, 'upload', {
      set: {
        scanKey: stored.id,
        scanName: stored.name,
        scanType: stored.type,
        uploadedAt: t.clock(),
        rejectReason: '',
        decidedBy: null,
        decidedAt: null,
      },
    });
    await recordOrderEvent(t, contractMachine.actorFor(mover, 'upload'), locked, 'contractUpload', stored.name);
    return summaryOf(locked, row, await figuresOfOrder(t, locked.id));
  });
}

// ---- console -------------------------------------------------------------

export async function adminContract(ctx: AppContext, caller: StaffCaller, orderId: number): Promise<ContractSummary> {
  const order = await staffOrder(ctx, caller, orderId);
  refuseWithoutContract(order);
  return summaryOf(order, await repo.findContract(ctx.db, order.id), await figuresOfOrder(ctx, order.id));
}

export async function adminContractPdf(ctx: AppContext, caller: StaffCaller, orderId: number) {
  const order = await staffOrder(ctx, caller, orderId);
  refuseWithoutContract(order);
  return pdfOf(ctx, order);
}

export async function adminScan(ctx: AppContext, storage: FileStorage, caller: StaffCaller, orderId: number) {
  const order = await staffOrder(ctx, caller, orderId);
  const c = await repo.findContract(ctx.db, order.id);
  const file = c?.scanKey ? await getPrivateFile(storage, order.userId, c.scanKey) : undefined;
  if (!file) throw new AppError('NOT_FOUND', '客户尚未上传签署的合同');
  return file;
}

/** contract/reject: the manager sends the scan back with a reason; the customer uploads again. */
export async function rejectScan(ctx: AppContext, caller: StaffCaller, orderId: number, reason: string, ip: string) {
  const mover = staffMover(caller, ip);
  const order = await ctx.tx(async (t) => {
    const o = await staffOrder(t, caller, orderId, true);
    const refused = contractRefusal('reject', o.state);
    if (refused) throw new AppError('CONFLICT', refused);
    const c = await lockRow(t, o.id);
    if (!contractMachine.canLeave('reject', c.state)) throw new AppError('CONFLICT', '没有待确认的签署合同');
    await contractMachine.move(t, mover, o.id, 'reject', {
      locked: c,
      note: reason,
      set: { rejectReason: reason, decidedBy: caller.id, decidedAt: t.clock() },
    });
    await recordOrderEvent(t, contractMachine.actorFor(mover, 'reject'), o, 'contractReject', reason);
    return o;
  });
  return staffOrderDetail(ctx, caller, order);
}

/** 确认合同 (the order's confirmContract): refused with 409 while no signed scan waits; the scan is marked confirmed with the move. */
export async function confirmContract(ctx: AppContext, caller: StaffCaller, body: OrderMoveBody, ip: string) {
  return adminMove(ctx, caller, 'confirmContract', body, ip, async (t, o) => {
    const c = await lockRow(t, o.id);
    if (!contractMachine.canLeave('confirm', c.state)) throw new AppError('CONFLICT', CONTRACT_SCAN_MISSING);
    await contractMachine.move(t, staffMover(caller, ip), o.id, 'confirm', {
      locked: c,
      set: { decidedBy: caller.id, decidedAt: t.clock() },
    });
    return { contract: [c.state, 'confirmed'] as [unknown, unknown] };
  });
}
