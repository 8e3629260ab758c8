import type ExcelJS from 'exceljs';
import { newWorkbook } from '../../lib/workbook.ts';
import { deviceFieldsOf, deviceInput, IMPORT_ROWS_MAX, type DeviceExportQuery, type ImportReport } from '@yance/contracts/catalog-admin';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { SHOWCASE_CHANGED } from './catalog-events.ts';
import { findTaxonomy } from './catalog-admin.repository.ts';
import type { CatalogWrite } from './catalog-audit.ts';
import { devicesForExport, getDeviceAdmin, saveDevice } from './device-admin.service.ts';
import { lockDeviceByRid } from './device-admin.repository.ts';
import {
  CellError,
  cellText,
  COLUMNS,
  dataRows,
  fenOf,
  headerKey,
  optionsOf,
  REQUIRED_COLUMNS,
  shelfOf,
  sheetRowOf,
  unitOf,
  type Column,
} from './device-sheet.ts';

/** Import and export of items as .xlsx (ADR 0036). */

const SHEET_NAME = '检测项目';

/** Every item the filters match, one row each, under a Chinese header row. */
export async function exportDevicesXlsx(ctx: AppContext, q: DeviceExportQuery): Promise<Buffer> {
  const items = await devicesForExport(ctx, q);
  const wb = await newWorkbook();
  wb.creator = '研测';
  const ws = wb.addWorksheet(SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  ws.getRow(1).font = { bold: true };
  for (const d of items) ws.addRow(sheetRowOf(d));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

type Taxonomy = Awaited<ReturnType<typeof findTaxonomy>>;
type Cells = (key: Column['key']) => ExcelJS.Cell | undefined;

/** The workbook's first sheet and where each known column is; anything wrong with the file itself refuses it whole. */
async function readSheet(file: Buffer) {
  const wb = await newWorkbook();
  try {
    await wb.xlsx.load(file as unknown as Parameters<typeof wb.xlsx.load>[0]);
  } catch {
    throw new AppError('INVALID', '文件不是有效的 .xlsx 表格');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new AppError('INVALID', '表格里没有工作表');
  const columns = new Map<Column['key'], number>();
  ws.getRow(1).eachCell((cell, n) => {
    const column = COLUMNS.find((c) => headerKey(c.header) === headerKey(cellText(cell)));
    if (!column) return;
    if (columns.has(column.key)) throw new AppError('INVALID', `表头「${headerKey(column.header)}」重复`);
    columns.set(column.key, n);
  });
  const missing = REQUIRED_COLUMNS.filter((k) => !columns.has(k)).map((k) => headerKey(COLUMNS.find((c) => c.key === k)!.header));
  if (missing.length > 0) throw new AppError('INVALID', `表头缺少「${missing.join('」「')}」（第 1 行应为表头，可先导出一份作为模板）`);
  const rows = dataRows(ws.getRows(2, Math.max(ws.rowCount - 1, 0)) ?? []);
  if (rows.length > IMPORT_ROWS_MAX) throw new AppError('INVALID', `一次最多导入 ${IMPORT_ROWS_MAX} 行，请分批导入`);
  if (rows.length === 0) throw new AppError('INVALID', '表格里没有数据行');
  return { rows, columns };
}

/** The category a row names by type and category name. */
function childIdOf(cells: Cells, taxonomy: Taxonomy): number {
  const typeName = cells('typeName') ? cellText(cells('typeName')!) : '';
  const childName = cells('childName') ? cellText(cells('childName')!) : '';
  if (!childName) throw new CellError('[分类]不能为空');
  const types = typeName ? taxonomy.types.filter((t) => t.name === typeName) : taxonomy.types;
  if (types.length === 0) throw new CellError(`[项目类型]「${typeName}」不存在`);
  const found = taxonomy.children.filter((c) => c.name === childName && types.some((t) => t.id === c.typeId));
  if (found.length === 0) throw new CellError(typeName ? `[分类]「${childName}」不在「${typeName}」下` : `[分类]「${childName}」不存在`);
  if (found.length > 1) throw new CellError(`[分类]「${childName}」在多个项目类型下，请填写项目类型`);
  return found[0]!.id;
}

const TEXTS = ['name', 'img', 'sketch', 'description', 'sampleRequirement', 'instrument'] as const;
const INTEGERS = ['turnaroundDays', 'dailyCapacity', 'orderCount', 'sort', 'hotRank'] as const;
/** Blank means "no limit" / "not featured" for these, and "keep as is" for the other integers. */
const BLANK_IS_NULL = new Set<Column['key']>(['dailyCapacity', 'hotRank']);

/** The fields a row's present columns give (a column the file lacks keeps an existing item's value). */
function fieldsOfRow(cells: Cells, taxonomy: Taxonomy): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const text = (key: Column['key']) => cellText(cells(key)!);
  for (const key of TEXTS) if (cells(key)) out[key] = text(key);
  if (cells('alias'))
    out.alias = text('alias')
      .split(/[|｜]/)
      .map((a) => a.trim())
      .filter(Boolean);
  if (cells('typeName') || cells('childName')) out.childId = childIdOf(cells, taxonomy);
  if (cells('options')) out.options = optionsOf(text('options'));
  if (cells('price')) out.priceFen = text('price') === '' ? undefined : fenOf(cells('price')!, '单价');
  if (cells('unit')) out.unit = text('unit') === '' ? undefined : unitOf(text('unit'));
  if (cells('onShelf') && text('onShelf') !== '') out.onShelf = shelfOf(text('onShelf'));
  for (const key of INTEGERS) {
    const cell = cells(key);
    if (!cell) continue;
    if (text(key) === '') {
      if (BLANK_IS_NULL.has(key)) out[key] = null;
      else if (key === 'turnaroundDays') out[key] = undefined;
      continue;
    }
    out[key] = typeof cell.value === 'number' ? cell.value : text(key);
  }
  return out;
}

/**
 * Adds or updates items by rid, row by row: each row is one transaction (all
 * of it or nothing), logged like a console edit. A row is refused with its
 * number and the reason; a rid seen in an earlier row is refused too.
 */
export async function importDevicesXlsx(ctx: AppContext, w: CatalogWrite, file: Buffer): Promise<ImportReport> {
  const { rows, columns } = await readSheet(file);
  const taxonomy = await findTaxonomy(ctx.db);
  const report: ImportReport = { added: 0, updated: 0, addedRows: [], updatedRows: [], refused: [] };
  const seen = new Map<string, number>();
  for (const row of rows) {
    const cells: Cells = (key) => (columns.has(key) ? row.getCell(columns.get(key)!) : undefined);
    const rid = cellText(cells('rid')!);
    try {
      if (!rid) throw new CellError('[项目编号]不能为空');
      const first = seen.get(rid);
      if (first !== undefined) throw new CellError(`[项目编号]「${rid}」与第 ${first} 行重复`);
      seen.set(rid, row.number);
      const fields = fieldsOfRow(cells, taxonomy);
      const added = await ctx.tx(async (t) => {
        const id = (await lockDeviceByRid(t.db, rid)) ?? null;
        const base = id === null ? {} : deviceFieldsOf(await getDeviceAdmin(t, id));
        const parsed = deviceInput.safeParse({ ...base, ...fields, rid });
        if (!parsed.success) throw new CellError(parsed.error.issues[0]?.message ?? '格式不正确');
        await saveDevice(t, w, parsed.data, id, id === null ? 'catalog.device.importAdd' : 'catalog.device.importEdit');
        return id === null;
      });
      report[added ? 'added' : 'updated']++;
      report[added ? 'addedRows' : 'updatedRows'].push(row.number);
    } catch (err) {
      report.refused.push({ row: row.number, rid, reason: refusalOf(ctx, err, rid, row.number) });
    }
  }
  if (report.added + report.updated > 0) await ctx.emit(SHOWCASE_CHANGED, { what: 'catalog' });
  return report;
}

function refusalOf(ctx: AppContext, err: unknown, rid: string, row: number): string {
  if (err instanceof CellError || err instanceof AppError) return err.message;
  if (isUniqueViolation(err)) return `[项目编号]「${rid}」已被其他项目使用`;
  ctx.log.error({ err, row }, 'item import row failed');
  return '保存失败，请重试';
}
