import type ExcelJS from 'exceljs';

/**
 * A new .xlsx workbook. exceljs (with its zip readers and writers) is loaded with the first export or import, not
 * when the server starts: it was a tenth of a start's module loading, for rooms an operator opens now and then.
 */
export async function newWorkbook(): Promise<ExcelJS.Workbook> {
  const { default: excel } = await import('exceljs');
  return new excel.Workbook();
}
