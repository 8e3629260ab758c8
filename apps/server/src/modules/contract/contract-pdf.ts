// The enterprise contract as a PDF (ADR 0045): Chinese text in Noto Sans SC
// (lib/pdf-document.ts).
import { capitalYuan, formatFen, PRICE_UNITS, type PriceUnit } from '@yance/contracts/money';
import type { OrderFigures } from '@yance/contracts/order-figures';
import { chineseDocument } from '../../lib/pdf-document.ts';

export { capitalYuan };

export interface ContractParty {
  name: string;
  address: string;
  contact: string;
  phone: string;
}

export interface ContractInput {
  orderNo: string;
  /** YYYY-MM-DD (China) */
  date: string;
  shop: ContractParty & { email: string };
  customer: ContractParty;
  /** Each line's amount is after the promotion rules' discount it was sent with (promoFen, named promoLabel: 新客9折 …). */
  lines: {
    name: string;
    rid: string;
    unit: PriceUnit;
    unitFen: number;
    count: number;
    amountFen: number | null;
    promoFen: number;
    promoLabel: string;
    turnaroundDays: number;
  }[];
  /** The order's figures (the order module's one function, issue 21): the table's 合计, deductions and 合同金额. */
  figures: Pick<OrderFigures, 'totalFen' | 'adjustFen' | 'finalFen' | 'couponName' | 'couponFen' | 'points' | 'pointsFen' | 'payableFen'>;
}

/** The amounts under the table: 合计, each adjustment and deduction the order has, and 合同金额 (what the customer pays). */
export function amountRows(f: ContractInput['figures']): [string, string][] {
  if (f.totalFen === null || f.payableFen === null) return [['合计', '待报价']];
  const rows: [string, string][] = [['合计', formatFen(f.totalFen)]];
  if (f.adjustFen) rows.push([f.adjustFen > 0 ? '补差价' : '退差价', `${f.adjustFen > 0 ? '+' : '-'}${formatFen(Math.abs(f.adjustFen))}`]);
  if (f.couponFen) rows.push([`优惠券${f.couponName ? `（${f.couponName}）` : ''}`, `-${formatFen(f.couponFen)}`]);
  if (f.pointsFen) rows.push([`积分抵扣（${f.points}积分）`, `-${formatFen(f.pointsFen)}`]);
  if (rows.length > 1) rows.push(['合同金额', formatFen(f.payableFen)]);
  return rows;
}

/** The contract's terms (fixed text; the order's numbers are put in). */
export const terms = (c: ContractInput): string[] => [
  `一、委托内容：甲方委托乙方按本合同附表所列项目对甲方提供的样品进行检测/测试，订单编号 ${c.orderNo}。`,
  `二、费用与支付：合同金额为人民币 ${c.figures.payableFen === null ? '以报价为准' : `${formatFen(c.figures.payableFen)}（大写：${capitalYuan(c.figures.payableFen)}）`}${deducted(c.figures)}。甲方在本合同签署后全额预付，乙方收到款项后安排检测。`,
  '三、样品：甲方保证样品信息真实、完整，如实申报危险特性；本平台不受理放射性样品。样品检测后如无寄回要求，乙方保留三个月后按规定处理。',
  '四、周期：检测周期自乙方收到样品及全部款项之日起计算，以附表所列周期为准；因样品或信息问题导致的延误不计入周期。',
  '五、数据与保密：乙方向甲方交付检测数据，并对甲方的样品信息与检测结果负有保密义务，未经甲方同意不向第三方披露。',
  '六、责任：检测结果仅对来样负责。因不可抗力不能履行合同的，双方互不承担违约责任。',
  '七、争议：双方友好协商解决；协商不成的，提交乙方所在地人民法院诉讼解决。',
  '八、本合同一式两份，甲乙双方各执一份，经双方签字盖章后生效；扫描件与原件具有同等效力。',
];

/** How the contract amount follows from the order's amount, when a coupon or points lower it. */
const deducted = (f: ContractInput['figures']) => {
  const parts = [f.couponFen ? `优惠券抵扣 ${formatFen(f.couponFen)}` : '', f.pointsFen ? `积分抵扣 ${formatFen(f.pointsFen)}` : ''].filter(
    Boolean,
  );
  return parts.length && f.finalFen !== null ? `，即订单金额 ${formatFen(f.finalFen)} 扣除${parts.join('、')}后的应付金额` : '';
};

/** A line's promotion as the order page writes it: 优惠活动：新客9折 -¥5.00. */
export const promoText = (l: { promoFen: number; promoLabel: string }) => `优惠活动：${l.promoLabel || '优惠'} -${formatFen(l.promoFen)}`;

/** The ideographic space (U+3000) that spaces Chinese fields apart. */
const WIDE = '\u3000';
const MARGIN = 50;
const INK = '#1f1f1f';
const MUTED = '#666666';

/** Builds the contract PDF (A4); pdfkit embeds the glyphs the document uses as a subset of Noto Sans SC. */
export async function contractPdf(c: ContractInput): Promise<Buffer> {
  const { doc, done } = await chineseDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `检测服务合同 ${c.orderNo}`, Creator: '研测' },
  });
  const width = doc.page.width - 2 * MARGIN;

  doc.font('bold').fontSize(20).fillColor(INK).text('检测服务合同', { align: 'center' });
  doc.moveDown(0.4);
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(`合同编号：HT-${c.orderNo}${WIDE}${WIDE}订单编号：${c.orderNo}${WIDE}${WIDE}签订日期：${c.date}`, { align: 'center' });
  doc.moveDown(1);

  const party = (label: string, p: ContractParty, extra?: string) => {
    doc
      .font('bold')
      .fontSize(11)
      .fillColor(INK)
      .text(`${label}：${p.name || '—'}`);
    doc
      .font('regular')
      .fontSize(10.5)
      .text(`地址：${p.address || '—'}`, { indent: 12 });
    const sep = `${WIDE}${WIDE}`;
    doc.text(`联系人：${p.contact || '—'}${sep}电话：${p.phone || '—'}${extra ? `${sep}${extra}` : ''}`, { indent: 12 });
    doc.moveDown(0.5);
  };
  party('甲方（委托方）', c.customer);
  party('乙方（检测方）', c.shop, c.shop.email ? `邮箱：${c.shop.email}` : undefined);
  doc.moveDown(0.3);

  doc.font('bold').fontSize(11).text('附表：检测项目与费用');
  doc.moveDown(0.3);
  const cols = [32, 185, 80, 52, 60];
  cols.push(width - cols.reduce((a, b) => a + b, 0));
  const row = (cells: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(9.5);
    const h = Math.max(...cells.map((s, i) => doc.heightOfString(s, { width: cols[i]! - 8 }))) + 10;
    if (doc.y + h > doc.page.height - MARGIN) doc.addPage();
    const top = doc.y;
    let x = MARGIN;
    cells.forEach((s, i) => {
      doc.rect(x, top, cols[i]!, h).lineWidth(0.5).strokeColor(MUTED).stroke();
      doc.fillColor(INK).text(s, x + 4, top + 5, { width: cols[i]! - 8 });
      x += cols[i]!;
    });
    doc.x = MARGIN;
    doc.y = top + h;
  };
  row(['序号', '项目', '单价', '数量', '周期', '金额'], 'bold');
  c.lines.forEach((l, i) =>
    row(
      [
        String(i + 1),
        // 单价 × 数量 less the promotion is the amount: the discount is named under the item (issue 21).
        l.promoFen > 0 ? `${l.name}（${l.rid}）\n${promoText(l)}` : `${l.name}（${l.rid}）`,
        `${formatFen(l.unitFen)}/${PRICE_UNITS[l.unit]}`,
        String(l.count),
        `${l.turnaroundDays}个工作日`,
        l.amountFen === null ? '待报价' : formatFen(l.amountFen),
      ],
      'regular',
    ),
  );
  for (const [label, amount] of amountRows(c.figures)) row(['', label, '', '', '', amount], 'bold');
  doc.moveDown(0.4);
  if (c.figures.payableFen !== null)
    doc
      .font('regular')
      .fontSize(10)
      .text(`合同金额人民币（大写）：${capitalYuan(c.figures.payableFen)}`, MARGIN, doc.y, { width });
  doc.moveDown(1);

  doc.font('bold').fontSize(11).text('合同条款', MARGIN, doc.y, { width });
  doc.moveDown(0.3);
  doc.font('regular').fontSize(10);
  for (const t of terms(c)) doc.text(t, { width, lineGap: 2, paragraphGap: 2 });
  doc.moveDown(1.2);

  if (doc.y + 115 > doc.page.height - MARGIN) doc.addPage();
  const top = doc.y;
  const half = width / 2;
  const sign = (x: number, label: string, name: string) => {
    doc.font('bold').fontSize(11).text(label, x, top);
    doc
      .font('regular')
      .fontSize(10)
      .text(name, x, top + 20, { width: half - 10 });
    doc.text('授权代表（签字）：', x, top + 46);
    doc.text('盖章：', x, top + 70);
    doc.text(`日期：${WIDE}${WIDE}年${WIDE}${WIDE}月${WIDE}${WIDE}日`, x, top + 94);
  };
  sign(MARGIN, '甲方（盖章）', c.customer.name);
  sign(MARGIN + half, '乙方（盖章）', c.shop.name);
  doc.end();
  return done;
}
