import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlOf } from '@yance/contracts/routes';
import { endpoints } from '@yance/contracts/endpoints';
import type { ImportReport } from '@yance/contracts/catalog-admin';
import type { AuditEntry } from '@yance/contracts/staff';
import { createTestApp, json, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens } from './factories.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('items as .xlsx: export, import with a row-by-row report (issue 8, ADR 0036)', () => {
  let t: TestApp;
  let op: string;

  const exportFile = async (query: Record<string, string> = {}, token = op) =>
    t.app.inject({ method: 'GET', url: urlOf(endpoints.catalogDeviceExport), query, headers: { token } });
  const workbookOf = async (bytes: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as never);
    return wb;
  };
  const bytesOf = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());
  const upload = async (file: Buffer, token = op) => {
    const boundary = '----yance-test-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="items.xlsx"\r\nContent-Type: ${XLSX}\r\n\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: urlOf(endpoints.catalogDeviceImport),
      headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    return { status: res.statusCode, body: json(res) as { code: number; msg: string; data: ImportReport } };
  };
  const itemCount = async () => (await callApi(t, 'catalogDeviceList', { token: op })).body.data.total;
  const detailByRid = async (rid: string) => {
    const [row] = (await callApi(t, 'catalogDeviceList', { token: op, query: { kw: rid } })).body.data.list;
    return row ? (await callApi(t, 'catalogDeviceDetail', { token: op, query: { id: row.id } })).body.data : undefined;
  };
  /** The sheet's values as plain rows (row 1 = header). */
  const valuesOf = (wb: ExcelJS.Workbook) =>
    wb.worksheets[0]!.getSheetValues().flatMap((r) => (Array.isArray(r) ? [r.slice(1).map((v) => (v === undefined ? null : v))] : []));

  beforeAll(async () => {
    t = await createTestApp();
    op = (await staffTokens(t, 'operator')).token;
  });
  afterAll(async () => t.close());

  it('exports every item under a Chinese header, or the filtered set; a role without catalog.manage gets 403', async () => {
    const res = await exportFile();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="items.xlsx"; filename\*=UTF-8''/);
    const rows = valuesOf(await workbookOf(res.rawPayload));
    expect(rows[0]!.slice(0, 6)).toEqual(['项目编号', '名称', '别名（用 | 分隔）', '项目类型', '分类', '图片']);
    expect(rows[0]).toContain('单价（元）');
    expect(rows.length - 1).toBe(await itemCount());
    const xrd = rows.find((r) => r[0] === 'd10001')!;
    expect(xrd.slice(0, 5)).toEqual(['d10001', 'X射线衍射', 'XRD|粉末衍射|X-ray Diffraction|PXRD', '送样检测', '结构分析']);

    const analysis = valuesOf(await workbookOf((await exportFile({ typeId: '3' })).rawPayload)).slice(1);
    expect(analysis.length).toBeGreaterThan(0);
    expect(analysis.every((r) => r[3] === '数据分析')).toBe(true);

    const lab = await exportFile({}, (await staffTokens(t, 'lab')).token);
    expect([lab.statusCode, (json(lab) as { msg: string }).msg]).toEqual([403, '无权限']);
  });

  it('export → import of the same file changes nothing and logs nothing', async () => {
    const before = await exportFile({ typeId: '3' });
    const report = await upload(before.rawPayload);
    const n = valuesOf(await workbookOf(before.rawPayload)).length - 1;
    expect(report.body).toMatchObject({ msg: '导入完成', data: { added: 0, updated: n, refused: [] } });
    const after = await exportFile({ typeId: '3' });
    expect(valuesOf(await workbookOf(after.rawPayload))).toEqual(valuesOf(await workbookOf(before.rawPayload)));
    const edits = (await callApi(t, 'auditList', { token: (await staffTokens(t, 'admin')).token, query: { objectType: 'device' } })).body
      .data;
    expect(edits.total).toBe(0);
  });

  it('adds and updates good rows and refuses bad ones with their row number and a Chinese reason', async () => {
    const wb = await workbookOf((await exportFile({ kw: 'XRD' })).rawPayload);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1) as string[];
    const col = (words: string) => header.findIndex((h) => h.startsWith(words)) + 1;
    expect(ws.getRow(2).getCell(1).value).toBe('d10001');
    ws.getRow(2).getCell(col('单价')).value = 123.45; // row 2: update
    const add = (values: Record<string, string | number>) => {
      const row = ws.addRow([]);
      for (const [words, v] of Object.entries(values)) row.getCell(col(words)).value = v;
      return row.number;
    };
    const good = {
      项目编号: 'c91001',
      名称: '同步辐射XAFS',
      别名: 'XAFS|EXAFS',
      项目类型: '送样检测',
      分类: '光谱分析',
      图片: '/upload/img/device/xafs.svg',
    };
    const priced = { 单价: 3000, 单位: '样', 周期: 10, 价格选项: '能量范围：常规=0；扩展=500.5' };
    const added = add({ ...good, ...priced });
    const badPrice = add({ ...good, ...priced, 项目编号: 'c91002', 单价: 'abc' });
    const tooFine = add({ ...good, ...priced, 项目编号: 'c91003', 单价: 12.345 });
    const unknownType = add({ ...good, ...priced, 项目编号: 'c91004', 项目类型: '化学合成' });
    const duplicate = add({ ...good, ...priced, 名称: '重复的行' });
    const badOption = add({ ...good, ...priced, 项目编号: 'c91005', 价格选项: '能量范围 常规' });
    const noName = add({ ...good, ...priced, 项目编号: 'c91006', 名称: '' });
    const count = await itemCount();

    const { body } = await upload(await bytesOf(wb));
    expect(body.data.addedRows).toEqual([added]);
    expect(body.data.updatedRows).toContain(2);
    expect(body.data.refused).toEqual([
      { row: badPrice, rid: 'c91002', reason: '[单价]应为金额（元），最多两位小数' },
      { row: tooFine, rid: 'c91003', reason: '[单价]应为金额（元），最多两位小数' },
      { row: unknownType, rid: 'c91004', reason: '[项目类型]「化学合成」不存在' },
      { row: duplicate, rid: 'c91001', reason: `[项目编号]「c91001」与第 ${added} 行重复` },
      { row: badOption, rid: 'c91005', reason: '[价格选项]第1项应写成“选项名：值=加价元；值=加价元”' },
      { row: noName, rid: 'c91006', reason: '[名称]不能为空' },
    ]);
    expect(await itemCount()).toBe(count + 1);

    expect((await detailByRid('d10001'))!.priceFen).toBe(12345);
    const xafs = (await detailByRid('c91001'))!;
    expect(xafs).toMatchObject({ name: '同步辐射XAFS', alias: ['XAFS', 'EXAFS'], priceFen: 300000, unit: 'sample', onShelf: true });
    expect(xafs.options).toEqual([
      {
        name: '能量范围',
        choices: [
          { label: '常规', extra_fen: 0 },
          { label: '扩展', extra_fen: 50050 },
        ],
      },
    ]);
    expect((await callApi(t, 'deviceSearch', { query: { kw: 'exafs' } })).body.data.list.map((d) => d.rid)).toContain('c91001');
    const [log] = (
      await callApi(t, 'auditList', {
        token: (await staffTokens(t, 'admin')).token,
        query: { objectType: 'device', objectId: String(xafs.id) },
      })
    ).body.data.list as AuditEntry[];
    expect(log).toMatchObject({ action: 'catalog.device.importAdd', actorName: '陈运营', changes: { rid: [null, 'c91001'] } });
  });

  it('refuses a malformed file whole and writes nothing', async () => {
    const count = await itemCount();
    const garbage = await upload(Buffer.from('PK\u0003\u0004 not really a workbook'));
    expect([garbage.status, garbage.body.msg]).toEqual([400, '文件不是有效的 .xlsx 表格']);

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('items');
    ws.addRow(['名称', '单价（元）']);
    ws.addRow(['新项目', 100]);
    const noRid = await upload(await bytesOf(wb));
    expect(noRid.body.msg).toMatch(/^表头缺少「项目编号」/);

    const empty = new ExcelJS.Workbook();
    empty.addWorksheet('items').addRow(['项目编号', '名称']);
    expect((await upload(await bytesOf(empty))).body.msg).toBe('表格里没有数据行');

    const notMultipart = await callApi(t, 'catalogDeviceImport', { token: op });
    expect([notMultipart.status, notMultipart.body.msg]).toEqual([400, '[文件]请以multipart/form-data上传']);
    expect(await itemCount()).toBe(count);

    const lab = await upload(await bytesOf(wb), (await staffTokens(t, 'lab')).token);
    expect([lab.status, lab.body.msg]).toEqual([403, '无权限']);
  });
});
