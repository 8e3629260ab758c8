// What a customer hears, in one table (issue 20, ADR 0058): for every move of
// every state machine — `<objectType>.<action>` — either the notice (its words
// and channels) or why the customer needs none. The server's one notify
// subscriber sends the notice inside the move's transaction (the in-site
// message at once, SMS and e-mail queued, each once); a test walks every
// machine's actions and fails on one missing here.

/** The channels a notice goes out on: the in-site message (the customer's message centre), SMS, e-mail. */
export const NOTICE_CHANNELS = ['site', 'sms', 'mail'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];
export const NOTICE_CHANNEL_NAMES: Record<NoticeChannel, string> = { site: '站内信', sms: '短信', mail: '邮件' };

export interface Notice {
  /** The message's title and the e-mail's subject. */
  title: string;
  /**
   * The text (in-site, e-mail; the SMS says it after 【研测】): {no} is the object's number, {name} its name where it
   * has one, {note} the move's note; any other {value} is one the machine's audience gives (a date, an amount).
   */
  text: string;
  channels: readonly NoticeChannel[];
  /** Its kind in the message centre, where it had one before this table (default: noticeKind of its key). */
  kind?: string;
}
/**
 * Sent by the object's own module (a subscriber or the move's own code) because its words need that module's data
 * (amounts, a group's or a member's name, the inviter rather than the object's customer): the row still says on which
 * channels, and where the words live.
 */
export interface OwnWords {
  channels: readonly NoticeChannel[];
  own: string;
}
/** No notice: the customer did it themselves, or it is the lab's or finance's own bookkeeping another notice covers. */
export interface Silent {
  silent: string;
}

const own = (where: string, channels: readonly NoticeChannel[] = ['site']): OwnWords => ({ own: where, channels });
const SELF = { silent: '客户本人的操作，页面当场显示结果' } as const;
const COVERED = (by: string) => ({ silent: `由「${by}」的通知告知客户` }) as const;

export const NOTICES = {
  // ---- orders ----
  'order.submit': SELF,
  'order.quote': {
    title: '订单已报价',
    text: '您的订单{no}已完成报价，请登录研测查看订单并继续办理。',
    channels: ['site', 'sms'],
  },
  'order.confirmContract': {
    title: '合同已确认，请支付订单',
    text: '您的订单{no}的合同已确认，请登录研测在「待付款」中支付订单，支付后{afterPay}。',
    channels: ['site', 'sms'],
  },
  'order.pay': {
    title: '订单已支付',
    text: '您的订单{no}已从预存余额支付，{samples}。',
    channels: ['site'],
  },
  'order.markPaid': {
    title: '订单款项已到账',
    text: '您的订单{no}的对公转账已确认到账，{samples}。',
    channels: ['site', 'sms'],
  },
  'order.receive': {
    title: '样品已签收',
    text: '您的订单{no}的样品已由实验室签收，客户经理将在2小时内与您电话确认样品情况。',
    channels: ['site', 'sms'],
  },
  'order.startTesting': { silent: '实验进度在订单页显示；数据交付时通知' },
  'order.deliver': {
    title: '检测数据已交付',
    text: '您的订单{no}的检测数据已交付，请登录研测查看并下载结果文件，确认数据无误后点击「确认数据」。',
    channels: ['site', 'sms', 'mail'],
  },
  'order.confirmData': {
    title: '订单数据已确认',
    text: '您的订单{no}的数据已确认。机构订单请登录研测在「待结算」中完成结算；已预付的订单到此完成。',
    channels: ['site'],
  },
  'order.markOverdue': {
    title: '订单结算已逾期',
    text: '您的订单{no}已超过结算期限，请尽快登录研测在「待结算」中完成结算，逾期未结算将影响新订单办理。',
    channels: ['site', 'sms'],
  },
  'order.settle': { title: '订单已结算', text: '您的订单{no}已完成结算，感谢您的信任。可在「发票管理」中申请开票。', channels: ['site'] },
  'order.cancel': { title: '订单已取消', text: '您的订单{no}已取消。如有疑问请联系您的客户经理。', channels: ['site'] },

  // ---- samples ----
  'sample.ship': SELF,
  'sample.unship': SELF,
  'sample.checkIn': COVERED('样品已签收'),
  'sample.test': { silent: '实验进度在订单页显示；数据交付时通知' },
  'sample.keep': COVERED('检测数据已交付'),
  'sample.holdForReturn': COVERED('检测数据已交付'),
  'sample.giveBack': { title: '样品已寄回', text: '您的样品{name}已寄回：{note}。', channels: ['site', 'sms'] },
  'sample.destroy': { title: '留样已销毁', text: '您的样品{name}留样期满，已按规定销毁。', channels: ['site'] },

  // ---- money ----
  // {what}: 充值单, or 订单支付单 for an order's online payment (told only when its order no longer waited for it).
  'topup.add': { silent: '客户自己提交（在线支付或对公转账），页面即显示充值单' },
  'topup.pay': { title: '款项已到账', text: '您的{what}{no}已支付成功，金额已存入预存余额。', channels: ['site'] },
  'topup.confirm': { title: '对公转账已到账', text: '您的充值单{no}的对公转账已确认到账，金额已存入预存余额。', channels: ['site', 'sms'] },
  'topup.reject': { title: '对公转账未通过', text: '您的充值单{no}未通过审核：{note}。如有疑问请联系客服。', channels: ['site', 'sms'] },
  'topup.close': { silent: '客户关闭，或在线支付超时自动关闭（页面显示已关闭）' },
  'refund.approve': { title: '退款已到账', text: '您已取消的订单{no}的退款已退回预存余额。', channels: ['site', 'sms'] },

  // ---- sampling requests, result files, contracts, attestation ----
  'sampling.send': SELF,
  'sampling.book': SELF,
  'sampling.cancel': SELF,
  'sampling.assign': {
    title: '已安排上门取样',
    text: '您的订单{no}：取样员 {name} 将于 {date} {time} 上门取样，请保持电话畅通。',
    channels: ['site'],
    kind: 'pickupAssign',
  },
  'sampling.unassign': { silent: '改派取样员时，新的「已安排上门取样」通知告知客户' },
  'result_file.upload': { silent: '实验室内部审核，审核通过的文件随「检测数据已交付」通知' },
  'result_file.approve': COVERED('检测数据已交付'),
  'result_file.reject': { silent: '实验室内部审核，客户看不到未通过的文件' },
  'contract.upload': SELF,
  'contract.reject': {
    title: '签署合同被退回',
    text: '您的订单{no}上传的签署合同被退回：{note}。请修改后在「合同管理」中重新上传。',
    channels: ['site', 'sms'],
  },
  'contract.confirm': COVERED('合同已确认，请支付订单'),
  'customer.attest': SELF,
  'customer.approve': { title: '基本信息审核通过', text: '您提交的基本信息已审核通过。', channels: ['site'] },
  // ---- bookings ----
  'booking.book': SELF,
  'booking.cancel': {
    title: '预约已取消',
    text: '您 {date} {time} 的「{name}」上机预约已取消{note}。',
    channels: ['site', 'sms'],
  },
  'booking.checkIn': { silent: '客户本人到场签到' },
  'booking.complete': { title: '上机预约已完成', text: '您 {date} 的「{name}」上机预约已完成，欢迎评价本次服务。', channels: ['site'] },
  'booking.noShow': {
    title: '预约爽约',
    text: '您 {date} {time} 的「{name}」上机预约被记为爽约{note}。多次爽约将暂停预约资格。',
    channels: ['site', 'sms'],
  },

  // ---- demands ----
  'demand.submit': SELF,
  'demand.quote': {
    title: '需求已报价',
    text: '您的需求「{name}」已有报价，请登录研测在「我的需求」中查看，并在报价有效期内接受。',
    channels: ['site', 'sms'],
  },
  'demand.accept': SELF,
  'demand.decline': SELF,
  'demand.withdraw': SELF,
  'demand.expire': {
    title: '需求报价已过期',
    text: '您的需求「{name}」的报价已过期，如仍需要请联系客户经理重新报价。',
    channels: ['site'],
  },

  // ---- invoices, coupons, invitations, promotion, research groups ----
  // {what} is the invoice's kind and amount (增值税普通发票 ¥1,200.00); the issued e-invoice's PDF goes by e-mail as the
  // invoice's own job (invoice.mail, an attachment), so the notice itself is the in-site message.
  'invoice.apply': {
    title: '开票申请已提交',
    text: '您的开票申请{no}（{what}）已提交，财务开票后会通知您。',
    channels: ['site'],
    kind: 'invoiceApply',
  },
  'invoice.issue': {
    title: '发票已开具',
    text: '您的开票申请{no}已开票，发票号码{invoiceNo}（{what}）。{whereToGet}',
    channels: ['site'],
    kind: 'invoiceIssue',
  },
  'invoice.reject': {
    title: '开票申请被驳回',
    text: '您的开票申请{no}（{what}）被驳回：{reason}。可修改后重新申请。',
    channels: ['site'],
    kind: 'invoiceReject',
  },
  'invoice.withdraw': {
    title: '开票申请已撤回',
    text: '您已撤回开票申请{no}（{what}），相关订单可重新申请开票。',
    channels: ['site'],
    kind: 'invoiceWithdraw',
  },
  'invoice.reverse': {
    title: '发票已红冲',
    text: '您的发票{invoiceNo}（开票申请{no}）已红冲作废：{reason}。',
    channels: ['site'],
    kind: 'invoiceReverse',
  },
  // {rule} is the coupon's 满减/折扣 words, {validTo} its last day.
  'user_coupon.issue': {
    title: '优惠券已到账',
    text: '您获得优惠券「{name}」（{rule}），有效期至{validTo}，可在「我的优惠券」中查看。',
    channels: ['site'],
  },
  'user_coupon.use': SELF,
  'user_coupon.giveBack': COVERED('订单已取消'),
  // The inviter hears of it, not the invitee; the words carry the programme's terms or a flat row's amount (ADR 0069).
  'inviteReward.credit': own('invite: tellInviter — the invitation earns (rate, months, hold), or a flat row’s amount credited'),
  'inviteReward.withhold': { silent: '内部审核，邀请人的页面显示「奖励审核中」' },
  'inviteReward.skip': { silent: '奖励未开启时不欠奖励，邀请人的页面显示「未奖励」及原因' },
  'inviteReward.grant': own('invite: tellInviter — the same words after the review'),
  'inviteReward.refuse': { silent: '内部审核，邀请人的页面显示「不发放」及原因' },
  'rebate.earn': { silent: '推广中心的返利明细显示待入账' },
  'rebate.release': own('promotion: one message per promoter for the batch released (amounts)'),
  'rebate.reverse': own('promotion: the order refunded and the amount reversed'),
  'promoter.apply': SELF,
  'promoter.reapply': SELF,
  // The promoter's and the withdrawal's answers are in-site messages of the promotion kind; {amount} is the
  // withdrawal's amount, {to} the bank and the account's last digits.
  'promoter.approve': {
    title: '推广员通过',
    text: '您的推广员申请已通过，邀请的客户付款后即可获得返利。',
    channels: ['site'],
    kind: 'promotion',
  },
  'promoter.reject': { title: '推广员驳回', text: '您的推广员申请未通过：{note}', channels: ['site'], kind: 'promotion' },
  'promoter.disable': {
    title: '推广员停用',
    text: '您的推广员资格已停用：{note}。已有余额仍可提现。',
    channels: ['site'],
    kind: 'promotion',
  },
  'promoter.enable': { title: '推广员恢复', text: '您的推广员资格已恢复。', channels: ['site'], kind: 'promotion' },
  'withdrawal.request': SELF,
  'withdrawal.approve': {
    title: '提现批准',
    text: '提现 {no}（{amount}）已批准，等待打款。',
    channels: ['site'],
    kind: 'promotion',
  },
  'withdrawal.reject': {
    title: '提现驳回',
    text: '提现 {no}（{amount}）被驳回：{note}。金额已退回可提现余额。',
    channels: ['site'],
    kind: 'promotion',
  },
  'withdrawal.pay': {
    title: '提现确认打款',
    text: '提现 {no}（{amount}）已打款至 {to}。',
    channels: ['site'],
    kind: 'promotion',
  },
  'cluster_member.create': SELF,
  'cluster_member.apply': own('cluster: the group owner hears of the application'),
  'cluster_member.agree': own('cluster: the applicant (the group name)'),
  'cluster_member.refuse': own('cluster: the applicant (the group name)'),
  'cluster_member.add': own('cluster: the member added (the group name)'),
  'cluster_member.remove': own('cluster: the member removed (the group name)'),
  'cluster_member.leave': own('cluster: the group owner (the member name)'),
  'cluster_member.dissolve': own('cluster: each member and pending applicant (the group name)'),

  'customer.reject': {
    title: '基本信息审核未通过',
    text: '您提交的基本信息未通过审核：{note}。请在「个人资料」中修改后重新提交。',
    channels: ['site', 'sms'],
  },
} as const satisfies Record<string, Notice | OwnWords | Silent>;

export type NoticeKey = keyof typeof NOTICES;
/** The keys whose row is a notice (not silent). */
export type SentNoticeKey = { [K in NoticeKey]: (typeof NOTICES)[K] extends Notice ? K : never }[NoticeKey];
/** A sent notice's kind in the message centre (noticeKind). */
export type NoticeMessageKind = {
  [K in SentNoticeKey]: (typeof NOTICES)[K] extends { kind: infer C extends string } ? C : K extends `order.${infer A}` ? A : K;
}[SentNoticeKey];

export const isNotice = (row: Notice | OwnWords | Silent): row is Notice => 'title' in row;

/** The keys that send something (the message centre's kinds among them). */
export const SENT_NOTICE_KEYS = (Object.keys(NOTICES) as NoticeKey[]).filter((k) => isNotice(NOTICES[k])) as SentNoticeKey[];

/**
 * A notice's kind in the message centre: an order's action alone (quote, receive … as they were
 * stored before this table), `<objectType>.<action>` for every other object.
 */
export const noticeKind = (key: string): string => {
  const row = (NOTICES as Record<string, Notice | OwnWords | Silent>)[key];
  if (row && isNotice(row) && row.kind) return row.kind;
  return key.startsWith('order.') ? key.slice('order.'.length) : key;
};

/**
 * The in-site message's words (issue 21): its reader is signed in, so the
 * SMS's and e-mail's 「登录研测」 before 在…/查看 is left out.
 */
export const siteWords = (text: string): string => text.replace(/登录研测(?=在|查看)/g, '');

/** The words of a notice with its object's values put in. */
export function noticeText(n: Notice, vars: Readonly<Record<string, string>>): { title: string; text: string } {
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
  return { title: fill(n.title), text: fill(n.text) };
}
