import { ATTESTATION_TRANSITIONS } from '@yance/contracts/attestation-states';
import { CONTRACT_TRANSITIONS } from '@yance/contracts/contract-states';
import { RESULT_FILE_TRANSITIONS } from '@yance/contracts/result-file-states';
import { SAMPLING_TRANSITIONS } from '@yance/contracts/sampling-states';
import { CLUSTER_MEMBER_STATE_NAMES, CLUSTER_MEMBER_TRANSITIONS, type ClusterMemberState } from '@yance/contracts/cluster';
import { INVOICE_STATE_NAMES, INVOICE_TRANSITIONS, type InvoiceState } from '@yance/contracts/invoice-states';
import { PROMOTER_TRANSITIONS, REBATE_TRANSITIONS, WITHDRAW_TRANSITIONS } from '@yance/contracts/promotion-states';
import { JOB_STATE_NAMES } from '@yance/contracts/job';
import { ORDER_STATE_NAMES, ORDER_TRANSITIONS, type OrderState } from '@yance/contracts/order-states';
import type { JobState } from '@yance/contracts/states';
import { STAFF_ROLE_NAMES, type AuditActorKind, type StaffRole } from '@yance/contracts/staff';

/** How the log's codes read in the console; an unknown code (a later issue's) shows as it is. */
export const ACTOR_KIND_NAMES: Record<AuditActorKind, string> = { staff: '员工', customer: '客户', system: '系统' };

const ACTION_NAMES: Record<string, string> = {
  'staff.add': '新增员工',
  'staff.edit': '修改员工',
  'staff.disable': '停用员工',
  'staff.enable': '启用员工',
  'staff.resetPassword': '重置密码',
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
  'staff.changePassword': '修改自己的密码',
  'staff.totpSetup': '生成动态验证码密钥',
  'staff.totpEnable': '开启动态验证码',
  'staff.totpDisable': '关闭动态验证码',
  'staff.resetTotp': '重置动态验证码',
  'staff.useRecoveryCode': '使用恢复码登录',
  'staff.bootstrap': '创建首位管理员',
  'staff.setup': '通过设置链接创建首位管理员',
  'job.retry': '重试任务',
  'evaluation.add': '评价项目',
  'evaluation.reply': '回复评价',
  // Rows logged before the sampling machine (ADR 0058): its moves are sampling.<action>, named by its table.
  'sampling.add': '提交取样申请',
  'pickup.assign': '安排取样员',
  'pickup.unassign': '取消取样员安排',
  'cluster.add': '创建课题组',
  'cluster.edit': '修改课题组',
  'cluster.del': '删除课题组',
  'cluster.transfer': '转让课题组',
  'cluster.assign': '设置消费额度',
  // Membership moves are logged as cluster_member.<action> (ADR 0051, 0058; cluster.<action> before): the table's own words.
  ...Object.fromEntries(
    Object.entries(CLUSTER_MEMBER_TRANSITIONS).flatMap(([action, t]) => [
      [`cluster_member.${action}`, t.label],
      [`cluster.${action}`, t.label],
    ]),
  ),
};
/** An order's moves are logged as order.<action> (ADR 0039): named by the transition table's own words. */
const ORDER_ACTION_NAMES: Record<string, string> = Object.fromEntries(
  Object.entries(ORDER_TRANSITIONS).map(([action, t]) => [`order.${action}`, t.label]),
);
/** An invoice application's moves are logged as invoice.<action> (ADR 0052). */
const INVOICE_ACTION_NAMES: Record<string, string> = Object.fromEntries(
  Object.entries(INVOICE_TRANSITIONS).map(([action, t]) => [`invoice.${action}`, t.label]),
);
/** Promotion's moves (ADR 0055): promoter.<action>, rebate.<action>, withdrawal.<action>. */
const PROMOTION_ACTION_NAMES: Record<string, string> = Object.fromEntries([
  ...Object.entries(PROMOTER_TRANSITIONS).map(([action, t]) => [`promoter.${action}`, `推广员${t.label}`]),
  ...Object.entries(REBATE_TRANSITIONS).map(([action, t]) => [`rebate.${action}`, t.label]),
  ...Object.entries(WITHDRAW_TRANSITIONS).map(([action, t]) => [`withdrawal.${action}`, `提现${t.label}`]),
]);
/** The moves of the four objects without a table before issue 20 (ADR 0058): sampling.<action>, result_file.<action>, contract.<action>, customer.<action>. */
const TABLE_ACTION_NAMES: Record<string, string> = Object.fromEntries([
  ...Object.entries(SAMPLING_TRANSITIONS).map(([action, t]) => [`sampling.${action}`, t.label]),
  ...Object.entries(RESULT_FILE_TRANSITIONS).map(([action, t]) => [`result_file.${action}`, t.label]),
  ...Object.entries(CONTRACT_TRANSITIONS).map(([action, t]) => [`contract.${action}`, t.label]),
  ...Object.entries(ATTESTATION_TRANSITIONS).map(([action, t]) => [`customer.${action}`, t.label]),
]);
export const actionName = (action: string) =>
  ACTION_NAMES[action] ??
  ORDER_ACTION_NAMES[action] ??
  INVOICE_ACTION_NAMES[action] ??
  PROMOTION_ACTION_NAMES[action] ??
  TABLE_ACTION_NAMES[action] ??
  action;

/** The object types the log knows so far (the audit page offers them; any other can be typed). */
export const OBJECT_TYPE_NAMES: Record<string, string> = {
  staff: '员工',
  device: '检测项目',
  project_type: '项目类型',
  type_child: '分类',
  prefecture: '专区',
  job: '后台任务',
  order: '订单',
  evaluation: '评价',
  sampling: '取样申请',
  result_file: '结果文件',
  contract: '合同',
  customer: '客户',
  cluster: '课题组',
  cluster_member: '课题组成员',
  invoice: '开票申请',
  promoter: '推广员',
  rebate: '推广返利',
  withdrawal: '提现',
};
export const objectTypeName = (type: string) => OBJECT_TYPE_NAMES[type] ?? type;

const FIELD_NAMES: Record<string, string> = {
  account: '账号',
  name: '姓名',
  phone: '手机号',
  email: '邮箱',
  roles: '角色',
  disabled: '停用',
  password: '密码',
  totp: '动态验证码',
  recoveryCodes: '恢复码',
  state: '状态',
  attempts: '尝试次数',
  runAt: '执行时间',
  lastError: '最后错误',
  note: '备注',
  totalFen: '金额（分）',
  stars: '评分',
  comment: '评价内容',
  reply: '回复',
  rid: '项目编号',
  assignee: '取样员',
  order: '订单',
  institution: '所属单位',
  description: '简介',
  owner: '负责人',
  ownerId: '负责人编号',
  member: '成员',
  memberId: '成员编号',
  clusterId: '课题组编号',
  message: '留言',
  limitFen: '消费额度（分）',
  deletedAt: '删除时间',
  invoiceNo: '发票号码',
  invoiceDate: '开票日期',
  amountFen: '金额（分）',
  invoiceTitle: '发票抬头',
  invoiceLines: '开票订单（分）',
};
export const fieldName = (field: string) => FIELD_NAMES[field] ?? field;

/** One side of a change as text: roles by name, yes/no for flags, 空 for nothing. */
export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '（空）';
  if (field === 'state' && typeof value === 'string' && value in JOB_STATE_NAMES) return JOB_STATE_NAMES[value as JobState];
  if (field === 'state' && typeof value === 'string' && value in ORDER_STATE_NAMES) return ORDER_STATE_NAMES[value as OrderState];
  if (field === 'state' && typeof value === 'string' && value in CLUSTER_MEMBER_STATE_NAMES)
    return CLUSTER_MEMBER_STATE_NAMES[value as ClusterMemberState];
  if (field === 'state' && typeof value === 'string' && value in INVOICE_STATE_NAMES) return INVOICE_STATE_NAMES[value as InvoiceState];
  if (field === 'roles' && Array.isArray(value)) return value.map((r) => STAFF_ROLE_NAMES[r as StaffRole] ?? String(r)).join('、');
  if (typeof value === 'boolean') return value ? '是' : '否';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
