import type { Cell, Row } from 'exceljs';
import { PRICE_UNITS, type PriceUnit } from '@yance/contracts/money';
import type { DeviceAdminDetail } from '@yance/contracts/catalog-admin';
import type { DeviceOption } from '@yance/contracts/catalog';

/**
 * The item sheet of the .xlsx import and export (ADR 0036): one row per item,
 * a Chinese header row, money in yuan (operators think in yuan; the server
 * turns it into fen exactly), options one per line in the cell.
 */

export interface Column {
  key: keyof SheetRow;
  /** The header cell; an import matches a column by the words before "（". */
  header: string;
  width: number;
}

export interface SheetRow {
  rid: string;
  name: string;
  alias: string;
  typeName: string;
  childName: string;
  img: string;
  sketch: string;
  description: string;
  sampleRequirement: string;
  instrument: string;
  options: string;
  price: number;
  unit: string;
  turnaroundDays: number;
  dailyCapacity: number | null;
  orderCount: number;
  onShelf: string;
  sort: number;
  hotRank: number | null;
}

export const COLUMNS: readonly Column[] = [
  { key: 'rid', header: '项目编号', width: 12 },
  { key: 'name', header: '名称', width: 24 },
  { key: 'alias', header: '别名（用 | 分隔）', width: 20 },
  { key: 'typeName', header: '项目类型', width: 10 },
  { key: 'childName', header: '分类', width: 12 },
  { key: 'img', header: '图片', width: 30 },
  { key: 'sketch', header: '简介', width: 30 },
  { key: 'description', header: '详细介绍（HTML）', width: 40 },
  { key: 'sampleRequirement', header: '样品要求（HTML）', width: 30 },
  { key: 'instrument', header: '仪器', width: 20 },
  { key: 'options', header: '价格选项（每行一项：选项名：值=加价元；值=加价元）', width: 40 },
  { key: 'price', header: '单价（元）', width: 10 },
  { key: 'unit', header: '单位（样/小时/项/元素）', width: 10 },
  { key: 'turnaroundDays', header: '周期（工作日）', width: 10 },
  { key: 'dailyCapacity', header: '日检测量（空为不限）', width: 10 },
  { key: 'orderCount', header: '下单量', width: 10 },
  { key: 'onShelf', header: '上架（是/否）', width: 8 },
  { key: 'sort', header: '排序', width: 8 },
  { key: 'hotRank', header: '首页热门排序（空为不上首页）', width: 10 },
];
/** Columns an import cannot do without: the rid finds the item, the name is what a person checks. */
export const REQUIRED_COLUMNS: readonly Column['key'][] = ['rid', 'name'];

/** The words a header is matched by: "单价（元）" → "单价". */
export const headerKey = (header: string) => header.split(/[（(]/)[0]!.trim();

const yuan = (fen: number) => fen / 100;
export const optionsText = (options: readonly DeviceOption[]) =>
  options.map((o) => `${o.name}：${o.choices.map((c) => `${c.label}=${yuan(c.extra_fen)}`).join('；')}`).join('\n');

export function sheetRowOf(d: DeviceAdminDetail): SheetRow {
  return {
    rid: d.rid,
    name: d.name,
    alias: d.alias.join('|'),
    typeName: d.typeName,
    childName: d.childName,
    img: d.img,
    sketch: d.sketch,
    description: d.description,
    sampleRequirement: d.sampleRequirement,
    instrument: d.instrument,
    options: optionsText(d.options),
    price: yuan(d.priceFen),
    unit: PRICE_UNITS[d.unit],
    turnaroundDays: d.turnaroundDays,
    dailyCapacity: d.dailyCapacity,
    orderCount: d.orderCount,
    onShelf: d.onShelf ? '是' : '否',
    sort: d.sort,
    hotRank: d.hotRank,
  };
}

/** A reading problem of one cell: its message is the row's reason (Chinese). */
export class CellError extends Error {}

/** A cell as text, whatever exceljs made of it (rich text, hyperlink, formula result, number). */
export function cellText(cell: Cell): string {
  return cell.value === null || cell.value === undefined ? '' : cell.text.trim();
}

/** Yuan (a number cell or text with at most two decimals) → fen, exactly. */
export function fenOf(cell: Cell | string, label: string): number {
  const wrong = new CellError(`[${label}]应为金额（元），最多两位小数`);
  const value = typeof cell === 'string' ? cell : cell.value;
  if (typeof value === 'number') {
    const fen = Math.round(value * 100);
    if (!Number.isFinite(value) || value < 0 || Math.abs(value * 100 - fen) > 1e-6) throw wrong;
    return fen;
  }
  const text = typeof cell === 'string' ? cell.trim() : cellText(cell);
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw wrong;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export function unitOf(text: string): PriceUnit {
  const found = (Object.entries(PRICE_UNITS) as [PriceUnit, string][]).find(([key, word]) => text === word || text === key);
  if (!found) throw new CellError(`[单位]应为 ${Object.values(PRICE_UNITS).join('、')} 之一`);
  return found[0];
}

export function shelfOf(text: string): boolean {
  if (['是', '上架', '1', 'true', 'TRUE'].includes(text)) return true;
  if (['否', '下架', '0', 'false', 'FALSE'].includes(text)) return false;
  throw new CellError('[上架]应为 是 或 否');
}

/** "扫描范围：常规=0；全谱=50" per line → options; extras in yuan. */
export function optionsOf(text: string): { name: string; choices: { label: string; extra_fen: number }[] }[] {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.map((line, i) => {
    const wrong = new CellError(`[价格选项]第${i + 1}项应写成“选项名：值=加价元；值=加价元”`);
    const colon = line.search(/[：:]/);
    if (colon <= 0) throw wrong;
    const choices = line
      .slice(colon + 1)
      .split(/[；;]/)
      .map((c) => c.trim())
      .filter(Boolean)
      .map((c) => {
        const eq = c.lastIndexOf('=');
        if (eq <= 0) throw wrong;
        return { label: c.slice(0, eq).trim(), extra_fen: fenOf(c.slice(eq + 1), '加价') };
      });
    return { name: line.slice(0, colon).trim(), choices };
  });
}

/** The data rows of a sheet (after the header), skipping wholly empty ones. */
export function dataRows(rows: Row[]): Row[] {
  return rows.filter((r) => r.number > 1 && r.actualCellCount > 0);
}
