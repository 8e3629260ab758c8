// Finance's 收支流水 (the journal, with its .xlsx) and 应收账款 (the settlement
// and overdue list) — issue 10's finance room, ADR 0050. Read-only.
import { newWorkbook } from '../../lib/workbook.ts';
import { maskPhone } from '@yance/contracts/cluster';
import {
  GATEWAY_LABELS,
  GATEWAY_NAMES,
  LEDGER_ACCOUNT_KINDS,
  LEDGER_ACCOUNT_NAMES,
  LEDGER_ENTRY_NAMES,
  type GatewayKey,
} from '@yance/contracts/ledger';
import { daysBetween } from '@yance/contracts/pickup';
import {
  JOURNAL_COUNT_MAX,
  JOURNAL_EXPORT_ROWS_MAX,
  JOURNAL_KEYWORD_CUSTOMERS_MAX,
  type AdminJournal,
  type AdminJournalFilter,
  type AdminJournalQuery,
  type AdminReceivableList,
  type AdminReceivableQuery,
  type JournalEntry,
} from '@yance/contracts/journal';
import { chinaToday } from '@yance/contracts/sampling-rules';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import * as journal from './journal.repository.ts';
import { getMoneySettings } from './money-settings.service.ts';
import { listReceivables } from './order-money.repository.ts';
import { dayAfter, dayStart } from './prestore.service.ts';

// ---- 收支流水 ----------------------------------------------------------------------------

/**
 * The filter as the repository reads it. A keyword becomes the customers whose
 * phone or name starts with it (at most JOURNAL_KEYWORD_CUSTOMERS_MAX, else a
 * 400 saying to type more), the order and the top-up with exactly that number.
 */
async function filterOf(ctx: AppContext, q: AdminJournalFilter): Promise<journal.JournalFilter> {
  const base = { kind: q.kind, from: q.from ? dayStart(q.from) : undefined, to: q.to ? dayAfter(q.to) : undefined };
  const kw = q.keyword.trim();
  if (!kw) return base;
  const userIds = await journal.customersStartingWith(ctx.db, kw, JOURNAL_KEYWORD_CUSTOMERS_MAX + 1);
  if (userIds.length > JOURNAL_KEYWORD_CUSTOMERS_MAX)
    throw new AppError('INVALID', `[关键词]匹配的客户超过${JOURNAL_KEYWORD_CUSTOMERS_MAX}位，请输入更完整的手机号或姓名`);
  const no = kw.toUpperCase();
  const orderId = /^YC/.test(no) ? await journal.orderIdByNo(ctx.db, no) : undefined;
  const topup = /^TU/.test(no) ? await journal.topupByNo(ctx.db, no) : undefined;
  return { ...base, hits: { userIds, orderIds: orderId ? [orderId] : [], topup: topup ?? null } };
}

const nothingFound = (f: journal.JournalFilter) => !!f.hits && !f.hits.userIds.length && !f.hits.orderIds.length && !f.hits.topup;

const isGateway = (name: string | undefined): name is GatewayKey => (GATEWAY_NAMES as readonly string[]).includes(name ?? '');

/** Each entry with its lines, the owner of each owned account named (a customer by name or masked phone, a group by its name). */
async function withLines(ctx: AppContext, rows: readonly journal.JournalRow[]): Promise<JournalEntry[]> {
  const lines = await journal.linesOfEntries(
    ctx.db,
    rows.map((r) => r.id),
  );
  const userIds = new Set<number>();
  const groupIds = new Set<number>();
  for (const l of lines) {
    if (l.ownerId === null) continue;
    if (l.kind === 'group') groupIds.add(l.ownerId);
    else userIds.add(l.ownerId);
  }
  const owners = await journal.ownerNames(ctx.db, [...userIds], [...groupIds]);
  const users = new Map(owners.users.map((u) => [u.id, u.name || maskPhone(u.phone)]));
  const groups = new Map(owners.groups.map((g) => [g.id, g.name]));
  const ownerOf = (l: (typeof lines)[number]): string => {
    if (l.kind === 'gateway') {
      const name = l.key.split(':')[1];
      return isGateway(name) ? GATEWAY_LABELS[name] : (name ?? '');
    }
    if (l.ownerId === null) return '';
    return (l.kind === 'group' ? groups.get(l.ownerId) : users.get(l.ownerId)) ?? `#${l.ownerId}`;
  };
  const byEntry = new Map<number, JournalEntry['lines']>();
  for (const l of lines)
    byEntry.set(l.entryId, [...(byEntry.get(l.entryId) ?? []), { account: l.kind, owner: ownerOf(l), amountFen: l.amountFen }]);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    memo: r.memo,
    createdAt: r.createdAt.toISOString(),
    customer: r.userId === null ? null : { id: r.userId, name: r.userName ?? '', phone: maskPhone(r.userPhone ?? '') },
    orderId: r.orderId,
    orderNo: r.orderNo,
    topupNo: r.topupNo,
    staffName: r.staffName ?? '',
    lines: byEntry.get(r.id) ?? [],
  }));
}

/**
 * 收支流水: one page of entries newest first with their lines, counted up to
 * JOURNAL_COUNT_MAX; with both dates or a keyword, also each account kind's
 * movement over all the matching entries (unbounded, it would sum the whole ledger on every page).
 */
export async function adminJournal(ctx: AppContext, q: AdminJournalQuery): Promise<AdminJournal> {
  const f = await filterOf(ctx, q);
  const paging = { page: q.page, pageSize: q.pageSize };
  if (nothingFound(f)) return { list: [], total: 0, more: false, ...paging, sums: [] };
  const rows = await journal.pageJournal(ctx.db, f, q.pageSize, (q.page - 1) * q.pageSize);
  const counted = await journal.countJournal(ctx.db, f, JOURNAL_COUNT_MAX);
  const bounded = (q.from !== undefined && q.to !== undefined) || f.hits !== undefined;
  const sums = bounded ? await journal.journalSums(ctx.db, f) : null;
  return {
    list: await withLines(ctx, rows),
    total: Math.min(counted, JOURNAL_COUNT_MAX),
    more: counted > JOURNAL_COUNT_MAX,
    ...paging,
    sums: sums ? [...sums].sort((a, b) => LEDGER_ACCOUNT_KINDS.indexOf(a.account) - LEDGER_ACCOUNT_KINDS.indexOf(b.account)) : null,
  };
}

/** China time, to the second, as the workbook shows it. */
const chinaTime = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** Entries read per batch while the workbook fills. */
const EXPORT_BATCH = 1_000;

/**
 * 收支流水 as a workbook: one row per line (entry columns repeated, so a
 * pivot or a filter by account works), newest first, whole entries only, at
 * most JOURNAL_EXPORT_ROWS_MAX rows; when more matched, the last row and the
 * 说明 sheet say how far it goes and to export the rest by a narrower range.
 */
export async function journalXlsx(ctx: AppContext, q: AdminJournalFilter, maxRows = JOURNAL_EXPORT_ROWS_MAX): Promise<Buffer> {
  const f = await filterOf(ctx, q);
  const wb = await newWorkbook();
  const sheet = wb.addWorksheet('收支流水', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: '时间', key: 'at', width: 20 },
    { header: '分录号', key: 'id', width: 10 },
    { header: '类型', key: 'kind', width: 18 },
    { header: '摘要', key: 'memo', width: 40 },
    { header: '客户', key: 'customer', width: 14 },
    { header: '手机号', key: 'phone', width: 14 },
    { header: '订单号', key: 'orderNo', width: 18 },
    { header: '充值单号', key: 'topupNo', width: 20 },
    { header: '科目', key: 'account', width: 20 },
    { header: '账户所属', key: 'owner', width: 16 },
    { header: '金额（元）', key: 'amount', width: 14, style: { numFmt: '#,##0.00' } },
    { header: '经办人', key: 'staff', width: 10 },
  ];
  sheet.getRow(1).font = { bold: true };
  let rows = 0;
  let entries = 0;
  let truncated = false;
  let after: { createdAt: Date; id: number } | null = null;
  while (!nothingFound(f) && !truncated) {
    const batch = await journal.journalBatchAfter(ctx.db, f, after, EXPORT_BATCH);
    if (!batch.length) break;
    for (const e of await withLines(ctx, batch)) {
      if (rows + e.lines.length > maxRows) {
        truncated = true;
        break;
      }
      for (const l of e.lines)
        sheet.addRow({
          at: chinaTime(new Date(e.createdAt)),
          id: e.id,
          kind: LEDGER_ENTRY_NAMES[e.kind],
          memo: e.memo,
          customer: e.customer?.name ?? '',
          phone: e.customer?.phone ?? '',
          orderNo: e.orderNo ?? '',
          topupNo: e.topupNo ?? '',
          account: LEDGER_ACCOUNT_NAMES[l.account],
          owner: l.owner,
          amount: l.amountFen / 100,
          staff: e.staffName,
        });
      rows += e.lines.length;
      entries++;
    }
    const last = batch.at(-1)!;
    after = { createdAt: last.createdAt, id: last.id };
  }
  const cut = `仅导出了最新的 ${entries} 笔分录（${rows} 行，上限 ${maxRows} 行），更早的分录请缩小日期范围后分别导出`;
  if (truncated) sheet.addRow({ at: cut }).font = { bold: true, color: { argb: 'FFCC0000' } };

  const about = wb.addWorksheet('说明');
  about.columns = [
    { header: '项目', key: 'item', width: 14 },
    { header: '内容', key: 'value', width: 70 },
  ];
  about.getRow(1).font = { bold: true };
  about.addRow({ item: '导出时间', value: chinaTime(ctx.clock()) });
  about.addRow({ item: '类型', value: q.kind ? LEDGER_ENTRY_NAMES[q.kind] : '全部' });
  about.addRow({ item: '日期', value: q.from || q.to ? `${q.from ?? '不限'} 至 ${q.to ?? '不限'}` : '不限' });
  about.addRow({ item: '关键词', value: q.keyword || '无' });
  about.addRow({ item: '导出', value: `${entries} 笔分录，${rows} 行（每个明细行一行，金额为正表示计入该账户）` });
  if (truncated) about.addRow({ item: '注意', value: cut }).font = { bold: true, color: { argb: 'FFCC0000' } };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The journal export's file name: 收支流水-<China day>.xlsx. */
export const journalFileName = (ctx: AppContext) => `收支流水-${chinaToday(ctx.clock())}.xlsx`;

// ---- 应收账款 --------------------------------------------------------------------------------

/**
 * 应收账款: the 待结算 and 欠款中 orders, oldest bill first — what each still
 * owes (payment's dueOf), its billing day and due date (billed + the money
 * settings' settlement days, as the customer's 待结算 list shows it), how many
 * days past due, and the customer's credit limit against what all its such
 * orders owe; per state, the count and the sum under the filters.
 */
export async function adminReceivables(ctx: AppContext, q: AdminReceivableQuery): Promise<AdminReceivableList> {
  const s = await getMoneySettings(ctx);
  const today = chinaToday(ctx.clock());
  const { rows, totals } = await listReceivables(
    ctx.db,
    { state: q.state, keyword: q.keyword, overCredit: q.overCredit },
    q.pageSize,
    (q.page - 1) * q.pageSize,
  );
  const list = rows.map((r) => {
    const dueDate = chinaToday(new Date(r.billedAt.getTime() + s.settleDueDays * 86_400_000));
    return {
      orderId: r.id,
      orderNo: r.no,
      state: r.state,
      customer: { id: r.userId, name: r.name, company: r.company, phone: maskPhone(r.phone) },
      managerName: r.managerName ?? '',
      owedFen: r.owedFen,
      billedAt: r.billedAt.toISOString(),
      dueDate,
      daysPastDue: daysBetween(dueDate, today),
      creditLimitFen: r.creditLimitFen,
      customerOwedFen: r.customerOwedFen,
    };
  });
  const total = totals.filter((t) => !q.state || t.state === q.state).reduce((n, t) => n + t.orders, 0);
  return { list, total, page: q.page, pageSize: q.pageSize, totals };
}
