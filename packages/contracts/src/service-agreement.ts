// The service agreement an institution's order is placed under (issue 21, ADR 0070): spec §9's institutional
// process says 「签署协议并寄样」, so the order page shows this text with a required 同意, and the server records the
// version accepted and when. The text is a setting the console edits; each save is a new version.
import { z } from 'zod';
import { text } from './text.ts';

export const SERVICE_AGREEMENT_KEY = 'serviceAgreement';

/** What the console edits: the title and the text (plain paragraphs, one per line). */
export const serviceAgreementInput = z.object({
  title: text('协议名称', { max: 40 }),
  body: text('协议内容', { max: 20000, multiline: true }),
});
export type ServiceAgreementInput = z.output<typeof serviceAgreementInput>;

/** The agreement in force: its version (1, 2, … one per save) and since when (null: the built-in text). */
export const serviceAgreement = serviceAgreementInput.extend({
  version: z.number().int().min(1),
  updatedAt: z.string().nullable(),
});
export type ServiceAgreement = z.infer<typeof serviceAgreement>;

/** An order's record of it: the version the customer ticked 同意 on, and when (null: an enterprise's or an older order). */
export const agreementAcceptance = z.object({ title: z.string(), version: z.number().int(), acceptedAt: z.string() }).nullable();
export type AgreementAcceptance = z.infer<typeof agreementAcceptance>;

export const AGREEMENT_NEEDED = '请阅读并勾选同意《检测服务协议》后再提交订单';
export const agreementChanged = (title: string) => `${title.startsWith('《') ? title : `《${title}》`}已更新，请阅读最新版本后重新勾选同意`;

/** The built-in agreement (version 1) until the console saves one: the institutional process of spec §9 and product.md. */
export const DEFAULT_SERVICE_AGREEMENT: ServiceAgreement = {
  version: 1,
  updatedAt: null,
  title: '检测服务协议',
  body: [
    '本协议由委托方（下单客户）与研测科研检测服务平台（以下简称“本平台”）订立，适用于院校客户（学生、教师、个人）通过本平台提交的检测订单。提交订单即表示委托方已阅读并同意以下条款。',
    '一、委托内容：检测项目、选项、数量与价格以订单为准；无固定价格的项目以客户经理报价为准。',
    '二、样品：委托方应如实填写样品名称、形态与危险特性（有毒、腐蚀性、磁性、易挥发），本平台不受理放射性样品。因隐瞒样品危险性造成的损失由委托方承担。',
    '三、送样：样品可自行寄送至本平台收样地址，或在开通区域（北京、上海）预约免费上门取样。样品签收后2小时内，客户经理将电话确认样品情况。',
    '四、数据交付：检测完成后2小时内以短信、邮件与站内信通知，委托方可在订单中下载结果文件。交付后15日内可申请一次免费复测。',
    '五、费用与结算：院校客户先测试后付费，确认数据后在线结算；样品与订单不符时，本平台可调整最终金额并说明原因（补差价或退差价）。',
    '六、样品退还与留样：要求退还的样品在付清全款后48小时内寄回至委托方指定的退还地址；不退还的样品留样3个月后销毁。破坏性测试的样品不予退还。',
    '七、数据与保密：检测数据归委托方所有，本平台未经书面同意不对外披露。',
    '八、责任限制：因不可抗力、样品本身问题或委托方提供信息不准确导致的测试失败，本平台不承担责任，但会协助重新安排测试。',
  ].join('\n'),
};
