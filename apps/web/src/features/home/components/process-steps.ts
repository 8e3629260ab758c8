export interface ProcessStep {
  title: string;
  detail: string;
}

/** Spec §9: institutional customers (院校) test first and settle afterwards — 6 steps. */
export const SCHOOL_STEPS: ProcessStep[] = [
  { title: '注册账号', detail: '手机号快速注册，完善院校与课题组信息' },
  { title: '登录下单', detail: '选择检测项目并下单，系统自动生成实验方案' },
  { title: '签署协议并寄样', detail: '在线签署服务协议后寄送样品，北京、上海免费上门取样' },
  { title: '收到样品', detail: '样品签收后，客户经理2小时内电话联系确认实验细节' },
  { title: '数据交付', detail: '实验完成后2小时内通过短信、邮件及站内信通知' },
  { title: '结算开票', detail: '付清全款后48小时内退还样品，建议预存，结算更便捷' },
];

/** Spec §9: enterprise customers (企业) sign a contract and prepay in full — 5 steps. */
export const ENTERPRISE_STEPS: ProcessStep[] = [
  { title: '注册账号', detail: '注册账号并完善企业信息' },
  { title: '锁定方案并报价', detail: '客户经理沟通需求，锁定实验方案并报价' },
  { title: '签订合同并全额预付', detail: '签订检测服务合同，全额预付后安排实验' },
  { title: '样品检测', detail: '收样后2小时内电话沟通，确认检测条件' },
  { title: '数据交付', detail: '检测完成后交付数据与报告，支持开具发票' },
];
