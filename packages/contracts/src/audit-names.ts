// How the audit log reads in Chinese (issue 21): the one place that names its
// actions, object types, fields and values. A state move is named by its
// machine's own transition table and state names (machines.ts, ADR 0058), so
// a table's words change the log's with them. zod-free: the console reads it.
import { ATTESTATION_STATE_NAMES } from './attestation-states.ts';
import { BOOKING_STATE_NAMES } from './booking-states.ts';
import { CLUSTER_MEMBER_STATE_NAMES, CLUSTER_MEMBER_TRANSITIONS } from './cluster.ts';
import { CONTRACT_STATE_NAMES } from './contract-states.ts';
import { COUPON_STATE_NAMES } from './coupon-states.ts';
import { DEMAND_STATE_NAMES } from './demand.ts';
import { INVITE_REWARD_STATE_NAMES } from './invite-states.ts';
import { INVOICE_STATE_NAMES } from './invoice-states.ts';
import { JOB_STATE_NAMES } from './job.ts';
import { REFUND_STATE_NAMES, TOPUP_STATE_NAMES } from './ledger.ts';
import { formatFen } from './money.ts';
import { TRANSITION_TABLES, transitionOf, type MachineType } from './machines.ts';
import { ORDER_STATE_NAMES } from './order-states.ts';
import { PROMOTER_STATE_NAMES, REBATE_STATE_NAMES, WITHDRAW_STATE_NAMES } from './promotion-states.ts';
import { RESULT_FILE_STATE_NAMES } from './result-file-states.ts';
import { SAMPLE_STATE_NAMES } from './sample-states.ts';
import { SAMPLING_STATE_NAMES } from './sampling-states.ts';
import { STAFF_ROLE_NAMES, type StaffRole } from './staff.ts';

/** Every machine's state names, by the object type its moves are logged under. */
export const MACHINE_STATE_NAMES: Record<MachineType, Record<string, string>> = {
  order: ORDER_STATE_NAMES,
  sample: SAMPLE_STATE_NAMES,
  sampling: SAMPLING_STATE_NAMES,
  result_file: RESULT_FILE_STATE_NAMES,
  contract: CONTRACT_STATE_NAMES,
  booking: BOOKING_STATE_NAMES,
  demand: DEMAND_STATE_NAMES,
  invoice: INVOICE_STATE_NAMES,
  topup: TOPUP_STATE_NAMES,
  refund: REFUND_STATE_NAMES,
  user_coupon: COUPON_STATE_NAMES,
  inviteReward: INVITE_REWARD_STATE_NAMES,
  promoter: PROMOTER_STATE_NAMES,
  rebate: REBATE_STATE_NAMES,
  withdrawal: WITHDRAW_STATE_NAMES,
  cluster_member: CLUSTER_MEMBER_STATE_NAMES,
  customer: ATTESTATION_STATE_NAMES,
};

/** The object types the log knows (the audit page offers them; any other can be typed). */
export const AUDIT_OBJECT_TYPE_NAMES: Record<string, string> = {
  staff: '员工',
  device: '检测项目',
  project_type: '项目类型',
  type_child: '分类',
  prefecture: '专区',
  job: '后台任务',
  order: '订单',
  sample: '样品',
  evaluation: '评价',
  sampling: '取样申请',
  result_file: '结果文件',
  contract: '合同',
  booking: '预约',
  demand: '实验需求',
  customer: '客户',
  user: '客户',
  cluster: '课题组',
  cluster_member: '课题组成员',
  invoice: '开票申请',
  topup: '充值单',
  refund: '退款',
  user_coupon: '优惠券',
  coupon_template: '优惠券模板',
  inviteReward: '邀请奖励',
  promoter: '推广员',
  rebate: '推广返利',
  withdrawal: '提现',
  setting: '设置',
  article: '文章',
  banner: '轮播图',
  page: '单页',
  partner: '合作机构',
  popup: '首页弹窗',
  media: '图片',
};
export const auditObjectTypeName = (type: string) => AUDIT_OBJECT_TYPE_NAMES[type] ?? type;

/** Actions that are not a machine's move (edits, settings, sign-in security …), and moves logged before their machine. */
const OTHER_ACTION_NAMES: Record<string, string> = {
  'staff.add': '新增员工',
  'staff.edit': '修改员工',
  'staff.disable': '停用员工',
  'staff.enable': '启用员工',
  'staff.resetPassword': '重置密码',
  'staff.changePassword': '修改自己的密码',
  'staff.totpSetup': '生成动态验证码密钥',
  'staff.totpEnable': '开启动态验证码',
  'staff.totpDisable': '关闭动态验证码',
  'staff.resetTotp': '重置动态验证码',
  'staff.useRecoveryCode': '使用恢复码登录',
  'staff.bootstrap': '创建首位管理员',
  'staff.setup': '通过设置链接创建首位管理员',
  'catalog.type.edit': '修改项目类型',
  'catalog.child.add': '新增分类',
  'catalog.child.edit': '修改分类',
  'catalog.child.sort': '分类排序',
  'catalog.child.remove': '删除分类',
  'catalog.device.add': '新增检测项目',
  'catalog.device.edit': '修改检测项目',
  'catalog.device.onShelf': '上架',
  'catalog.device.offShelf': '下架',
  'catalog.device.importAdd': '导入新增项目',
  'catalog.device.importEdit': '导入更新项目',
  'catalog.prefecture.add': '新增专区',
  'catalog.prefecture.edit': '修改专区',
  'catalog.prefecture.sort': '专区排序',
  'catalog.prefecture.remove': '删除专区',
  'catalog.prefecture.itemAdd': '专区加入项目',
  'catalog.prefecture.itemRemove': '专区移出项目',
  'article.add': '新增文章',
  'article.edit': '修改文章',
  'article.remove': '删除文章',
  'article.publish': '发布文章',
  'article.unpublish': '撤回文章',
  'banner.add': '新增轮播图',
  'banner.edit': '修改轮播图',
  'banner.remove': '删除轮播图',
  'page.edit': '修改单页',
  'partner.add': '新增合作机构',
  'partner.edit': '修改合作机构',
  'partner.remove': '删除合作机构',
  'popup.save': '保存首页弹窗',
  'setting.save': '保存设置',
  'media.upload': '上传图片',
  'job.retry': '重试任务',
  'evaluation.add': '评价项目',
  'evaluation.reply': '回复评价',
  'customer.assign': '更换客户经理',
  'customer.credit': '设置信用额度',
  'customer.disable': '停用客户',
  'customer.enable': '启用客户',
  'coupon.issue': '发放优惠券',
  'coupon.template.add': '新增优惠券模板',
  'coupon.template.enable': '启用优惠券模板',
  'coupon.template.disable': '停用优惠券模板',
  'booking.add': '新增仪器排期',
  'booking.schedule': '修改仪器排期',
  'booking.suspend': '暂停预约资格',
  'order.saveDraft': '保存草稿',
  'order.adjust': '调整金额',
  'order.adjustPay': '支付补差价',
  'order.called': '已致电客户',
  'order.retest': '申请复测',
  'order.testRecord': '填写实验记录',
  'topup.add': '提交充值',
  'sampling.add': '提交取样申请',
  'pickup.assign': '安排取样员',
  'pickup.unassign': '取消取样员安排',
  'cluster.add': '创建课题组',
  'cluster.edit': '修改课题组',
  'cluster.del': '删除课题组',
  'cluster.transfer': '转让课题组',
  'cluster.transferIn': '转入课题组余额',
  'cluster.transferOut': '转出课题组余额',
  'cluster.assign': '设置消费额度',
  // Membership moves were logged as cluster.<action> before their machine (ADR 0051, 0058).
  ...Object.fromEntries(Object.entries(CLUSTER_MEMBER_TRANSITIONS).map(([action, t]) => [`cluster.${action}`, t.label])),
};

/** 通过 alone says little: a short label of a move is named with its object (推广员通过, 预约签到). */
const withObject = (type: string, label: string) => {
  const noun = AUDIT_OBJECT_TYPE_NAMES[type];
  return noun && label.length <= 4 && !label.includes(noun) ? `${noun}${label}` : label;
};

/** An action of the log in Chinese: a machine's move by its table's label, the rest by name; an unknown code shows as it is. */
export function auditActionName(action: string): string {
  const move = transitionOf(action);
  if (move) return withObject(action.split('.')[0]!, move.label);
  return OTHER_ACTION_NAMES[action] ?? action;
}

/** The log's action codes with their names (tests check that every move has one). */
export const auditActionCodes = (): string[] => [
  ...Object.keys(OTHER_ACTION_NAMES),
  ...Object.entries(TRANSITION_TABLES).flatMap(([type, table]) => Object.keys(table).map((a) => `${type}.${a}`)),
];

const FIELD_NAMES: Record<string, string> = {
  account: '账号',
  name: '名称',
  phone: '手机号',
  email: '邮箱',
  roles: '角色',
  disabled: '停用',
  password: '密码',
  totp: '动态验证码',
  totpPendingSecret: '动态验证码密钥',
  recoveryCodes: '恢复码',
  state: '状态',
  attempts: '尝试次数',
  runAt: '执行时间',
  lastError: '最后错误',
  note: '备注',
  reason: '原因',
  total: '订单金额',
  amount: '金额',
  limit: '消费额度',
  stars: '评分',
  comment: '评价内容',
  reply: '回复',
  rid: '项目编号',
  assignee: '取样员',
  order: '订单',
  sample: '样品',
  institution: '所属单位',
  description: '简介',
  owner: '负责人',
  ownerId: '负责人编号',
  member: '成员',
  memberId: '成员编号',
  clusterId: '课题组编号',
  message: '留言',
  deletedAt: '删除时间',
  invoiceNo: '发票号码',
  invoiceDate: '开票日期',
  invoiceTitle: '发票抬头',
  invoiceLines: '开票订单',
  title: '标题',
  content: '内容',
  summary: '摘要',
  img: '图片',
  url: '链接',
  link: '链接',
  sort: '排序',
  type: '类型',
  published: '已发布',
  reviewedAt: '审核时间',
  reviewedBy: '审核人编号',
  reviewedByName: '审核人',
  rejectReason: '驳回原因',
  bytes: '大小（字节）',
  checkedInAt: '签收时间',
  keptUntil: '留样至',
  attested: '资料已填写',
  attestationState: '认证状态',
  attestationReason: '审核意见',
  attestationReviewedAt: '审核时间',
  managerId: '客户经理编号',
  userId: '客户编号',
  templateId: '优惠券模板编号',
  rule: '规则',
  onSignup: '注册即送',
  bankRef: '银行流水号',
  received: '到账金额',
  creditLimit: '信用额度',
};

/** Fields counted in fen (…Fen, …_fen) read in yuan: totalFen is 订单金额, shown ¥6,300.00. */
const FEN_FIELD = /^(.*?)(Fen|_fen)$/;

export const auditFieldName = (field: string) => {
  const fen = FEN_FIELD.exec(field);
  return FIELD_NAMES[field] ?? (fen ? (FIELD_NAMES[fen[1]!] ?? fen[1]!) : field);
};

const CHINA_OFFSET_MS = 8 * 3600 * 1000;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** An instant as read in China (UTC+8 all year), whatever the reader's time zone: 2026-11-28 18:30:49. */
export function chinaTime(iso: string | Date): string {
  const ms = typeof iso === 'string' ? Date.parse(iso) : iso.getTime();
  if (Number.isNaN(ms)) return String(iso);
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Rich text as the words a reader sees: tags dropped, entities decoded, blanks collapsed, long text cut. */
export function plainText(html: string, max = 120): string {
  const text = html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#?\w+);/g, (m, e: string) => ENTITIES[e.toLowerCase()] ?? m)
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

const looksLikeMarkup = (s: string) => /<\/?[a-z][^>]*>/i.test(s);

/**
 * One side of a change as text: states by their machine's names, fen in
 * yuan, times in China time, rich text as its words, roles by name, 是/否
 * for flags, （空） for nothing.
 */
export function auditValueText(objectType: string, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '（空）';
  if (typeof value === 'string') {
    if (field === 'state' || field === 'attestationState') {
      const names =
        field === 'attestationState'
          ? ATTESTATION_STATE_NAMES
          : ((MACHINE_STATE_NAMES as Record<string, Record<string, string>>)[objectType] ?? (objectType === 'job' ? JOB_STATE_NAMES : {}));
      return (names as Record<string, string>)[value] ?? value;
    }
    if (ISO_TIME.test(value)) return chinaTime(value);
    return looksLikeMarkup(value) ? plainText(value) : value;
  }
  if (typeof value === 'number' && FEN_FIELD.test(field)) return formatFen(value);
  if (field === 'roles' && Array.isArray(value)) return value.map((r) => STAFF_ROLE_NAMES[r as StaffRole] ?? String(r)).join('、');
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))).join('、');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
