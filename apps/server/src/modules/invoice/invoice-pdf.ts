// The invoice as a PDF (ADR 0052), laid out like the tax system's 电子发票:
// number and date, buyer and seller, the lines, the amount in figures and in
// 大写. Chinese text in Noto Sans SC, embedded as a subset (lib/pdf-document.ts).
import type { InvoiceTitleSnapshot } from '@yance/contracts/invoice';
import { isSpecialInvoice, type InvoiceTitleKind } from '@yance/contracts/invoice-states';
import { capitalYuan } from '@yance/contracts/money';
import { chineseDocument } from '../../lib/pdf-document.ts';
import { formatFen } from '@yance/contracts/money';

export interface InvoicePdfInput {
  invoiceNo: string;
  /** YYYY-MM-DD (China). */
  date: string;
  /** The application's number (FP…), printed in the remarks. */
  applyNo: string;
  /** The shop (设置 › 联系方式): its name, 纳税人识别号, address and phone. */
  seller: { name: string; taxId: string; address: string; phone: string };
  buyer: InvoiceTitleSnapshot;
  /** Each line: the order's or the top-up's number, and whether it is a top-up (预付检测服务费). */
  lines: { label: string; amountFen: number; topup?: boolean }[];
  totalFen: number;
  /** Who issued it (开票人). */
  issuer: string;
}

const MARGIN = 40;
const RED = '#9b3b2c';
const INK = '#1f1f1f';
const MUTED = '#666666';
const WIDE = '\u3000';
/** The heading the tax system prints for each kind. */
const HEADINGS: Record<InvoiceTitleKind, string> = {
  1: '电子发票（普通发票）',
  3: '电子发票（增值税专用发票）',
  2: '增值税普通发票',
  4: '增值税专用发票',
};

/** Builds the invoice PDF (A4). */
export async function invoicePdf(v: InvoicePdfInput): Promise<Buffer> {
  const { doc, done } = await chineseDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `发票 ${v.invoiceNo}`, Creator: '研测' },
  });
  const width = doc.page.width - 2 * MARGIN;

  doc.font('bold').fontSize(20).fillColor(RED).text(HEADINGS[v.buyer.kind], MARGIN, MARGIN, { width, align: 'center' });
  doc.moveDown(0.3);
  doc.font('regular').fontSize(10).fillColor(INK).text(`发票号码：${v.invoiceNo}`, MARGIN, doc.y, { width, align: 'right' });
  doc.text(`开票日期：${v.date}`, { width, align: 'right' });
  doc.moveDown(0.6);

  // Buyer | seller, side by side in one box.
  const special = isSpecialInvoice(v.buyer.kind);
  const buyer = [
    `名称：${v.buyer.name}`,
    `统一社会信用代码/纳税人识别号：${v.buyer.tax_id || '—'}`,
    ...(special
      ? [`地址、电话：${v.buyer.register_address} ${v.buyer.register_phone}`, `开户行及账号：${v.buyer.bank} ${v.buyer.bank_account}`]
      : []),
  ];
  const seller = [
    `名称：${v.seller.name}`,
    `统一社会信用代码/纳税人识别号：${v.seller.taxId || '—'}`,
    `地址、电话：${[v.seller.address, v.seller.phone].filter(Boolean).join(' ') || '—'}`,
  ];
  const half = width / 2;
  const label = 22;
  const textWidth = half - label - 12;
  doc.font('regular').fontSize(9.5);
  const heightOf = (rows: string[]) => rows.reduce((h, r) => h + doc.heightOfString(r, { width: textWidth }) + 4, 0);
  const vertical = (title: string) => title.split('').join('\n');
  doc.font('bold').fontSize(10);
  const labelH = doc.heightOfString(vertical('购买方信息'), { width: label - 8, lineGap: 0 });
  doc.font('regular').fontSize(9.5);
  const boxH = Math.max(heightOf(buyer), heightOf(seller), labelH) + 14;
  const top = doc.y;
  doc.lineWidth(0.8).strokeColor(RED);
  doc.rect(MARGIN, top, width, boxH).stroke();
  doc
    .moveTo(MARGIN + half, top)
    .lineTo(MARGIN + half, top + boxH)
    .stroke();
  const party = (x: number, title: string, rows: string[]) => {
    doc
      .moveTo(x + label, top)
      .lineTo(x + label, top + boxH)
      .stroke();
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(RED)
      .text(vertical(title), x + 6, top + (boxH - labelH) / 2, { width: label - 8, lineGap: 0 });
    let y = top + 7;
    doc.font('regular').fontSize(9.5).fillColor(INK);
    for (const r of rows) {
      doc.text(r, x + label + 6, y, { width: textWidth });
      y = doc.y + 4;
    }
  };
  party(MARGIN, '购买方信息', buyer);
  party(MARGIN + half, '销售方信息', seller);
  doc.x = MARGIN;
  doc.y = top + boxH;

  // The lines: what was invoiced, against which order, and how much (价税合计, tax included).
  const cols = [36, width - 36 - 150 - 110, 150, 110];
  const row = (cells: string[], font: 'regular' | 'bold', align: ('left' | 'right' | 'center')[] = []) => {
    doc.font(font).fontSize(9.5);
    const h = Math.max(...cells.map((s, i) => doc.heightOfString(s, { width: cols[i]! - 10 }))) + 10;
    if (doc.y + h > doc.page.height - MARGIN - 80) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((s, i) => {
      doc.rect(x, y, cols[i]!, h).lineWidth(0.5).strokeColor(RED).stroke();
      doc.fillColor(INK).text(s, x + 5, y + 5, { width: cols[i]! - 10, align: align[i] ?? 'left' });
      x += cols[i]!;
    });
    doc.x = MARGIN;
    doc.y = y + h;
  };
  row(['序号', '项目名称', '订单编号', '金额（含税）'], 'bold', ['center', 'left', 'left', 'right']);
  v.lines.forEach((l, i) =>
    row([String(i + 1), l.topup ? '*现代服务*预付检测服务费' : '*现代服务*检测服务费', l.label, formatFen(l.amountFen)], 'regular', [
      'center',
      'left',
      'left',
      'right',
    ]),
  );
  row(['', '合计', '', formatFen(v.totalFen)], 'bold', ['center', 'left', 'left', 'right']);

  // 价税合计 in 大写 and in figures.
  const y = doc.y;
  const h = 26;
  doc.rect(MARGIN, y, width, h).lineWidth(0.5).strokeColor(RED).stroke();
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(RED)
    .text('价税合计（大写）', MARGIN + 6, y + 8);
  doc
    .font('bold')
    .fillColor(INK)
    .text(`⊗ ${capitalYuan(v.totalFen)}`, MARGIN + 110, y + 8, { width: width - 260 });
  doc
    .font('regular')
    .fillColor(INK)
    .text(`（小写）${formatFen(v.totalFen)}`, MARGIN, y + 8, { width: width - 8, align: 'right' });
  doc.x = MARGIN;
  doc.y = y + h;

  const remarks = `开票申请 ${v.applyNo}${WIDE}订单 ${v.lines.map((l) => l.label).join('、')}`;
  const rh = doc.heightOfString(remarks, { width: width - 60 }) + 14;
  const ry = doc.y;
  doc.rect(MARGIN, ry, width, rh).lineWidth(0.5).strokeColor(RED).stroke();
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(RED)
    .text('备注', MARGIN + 6, ry + 7);
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor(INK)
    .text(remarks, MARGIN + 50, ry + 7, { width: width - 60 });
  doc.x = MARGIN;
  doc.y = ry + rh + 10;
  doc.font('regular').fontSize(9.5).fillColor(MUTED).text(`开票人：${v.issuer}`, MARGIN, doc.y, { width });
  doc.end();
  return done;
}
