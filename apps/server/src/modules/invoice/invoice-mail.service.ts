// The e-invoice by e-mail (ADR 0052): issuing an electronic invoice queues
// the invoice.mail job in the move's transaction; the job reads the stored
// PDF and sends it to the application's e-mail, once, through the notices'
// at-most-once delivery (notice_delivery, the console's 通知记录). Paper
// invoices go by post and send nothing.
import { INVOICE_KIND_NAMES, invoiceApplyNo, isElectronicInvoice } from '@yance/contracts/invoice-states';
import type { AppContext } from '../../context.ts';
import { formatFen } from '@yance/contracts/money';
import { enqueue } from '../job/index.ts';
import { getPrivateFile, type FileStorage } from '../media/index.ts';
import { mailOnce } from '../notify/index.ts';
import * as repo from './invoice.repository.ts';
import type { ApplicationRow, LineRow } from './invoice.repository.ts';

/** The key of an application's e-mail: its issue message's key and the channel, as the order notices' keys. */
export const invoiceMailKey = (applicationId: number) => `invoice:${applicationId}:issue:mail`;

/**
 * Queues the e-mail of an application just issued, in the move's transaction
 * (t): it exists if and only if the invoice does. Only e-invoices; one job per
 * application while it is pending (the dedupe key), and the delivery's key
 * keeps it to one e-mail after that.
 */
export async function queueInvoiceMail(t: AppContext, a: ApplicationRow): Promise<void> {
  if (!isElectronicInvoice(a.kind) || !a.email) return;
  await enqueue(t, 'invoice.mail', { applicationId: a.id }, { dedupeKey: `invoice.mail:${a.id}` });
}

/** What a line invoices, as the customer knows it: the order's number, or the top-up's with 预存充值. */
const lineText = (l: LineRow) => (l.sourceKind === 'topup' ? `预存充值${l.label}` : `订单${l.label}`);

/** The e-mail's subject (without the site's 【研测】) and its plain text. */
export function invoiceMailOf(a: ApplicationRow, lines: readonly LineRow[]): { subject: string; text: string } {
  const no = invoiceApplyNo(a.id);
  return {
    subject: `电子发票 ${no}`,
    text: [
      '您好：',
      '',
      `您的开票申请${no}已开具电子发票，发票PDF文件见附件。`,
      '',
      `发票抬头：${a.title.name}`,
      `发票类型：${INVOICE_KIND_NAMES[a.kind]}`,
      `发票号码：${a.invoiceNo ?? ''}`,
      `开票日期：${a.invoiceDate ?? ''}`,
      `价税合计：${formatFen(a.amountFen)}`,
      `开票内容：${lines.map(lineText).join('、')}`,
      '',
      '您也可以登录研测，在「开票记录」中查看和下载发票。此邮件由系统发出，请勿直接回复。',
    ].join('\n'),
  };
}

/**
 * The invoice.mail job: the issued e-invoice's PDF to the application's
 * e-mail, named by the invoice number. An application no longer issued (红冲
 * before the job ran) sends nothing: its invoice is void. A PDF that cannot
 * be read, or a mail server that refuses, throws, and the job is retried; the
 * invoice itself stays issued and downloadable from 开票记录 whatever the mail does.
 */
export async function mailInvoice(ctx: AppContext, storage: FileStorage, applicationId: number): Promise<void> {
  const a = await repo.findApplication(ctx.db, applicationId);
  if (!a || a.state !== 'issued' || !isElectronicInvoice(a.kind) || !a.email || !a.pdfKey || !a.invoiceNo) {
    ctx.log.info({ invoice: applicationId, state: a?.state }, 'invoice mail: not an issued e-invoice, nothing sent');
    return;
  }
  const file = await getPrivateFile(storage, a.userId, a.pdfKey);
  if (!file) throw new Error(`invoice mail: the PDF of ${invoiceApplyNo(a.id)} is missing from the private storage`);
  const lines = await repo.listLines(ctx.db, [a.id]);
  await mailOnce(ctx, {
    key: invoiceMailKey(a.id),
    userId: a.userId,
    to: a.email,
    ...invoiceMailOf(a, lines),
    attachments: [{ filename: `${a.invoiceNo}.pdf`, content: file.data, contentType: 'application/pdf' }],
  });
}
