import type { StaffRole } from '@yance/contracts/staff';

/** The demo managers' WeChat QR images (seed/generate-images.ts draws them) and what they encode: a demo address, no real contact. */
export const DEMO_MANAGER_QRS = [{ img: '/upload/img/staff/manager-wechat-qr.svg', value: 'https://u.wechat.com/yance-demo-manager' }];

/** Demo staff profiles by role (demo data only); the manager has what a customer's 专属客户经理 card shows. */
export const DEMO_PROFILES: Record<StaffRole, { name: string; phone?: string; email?: string; wechatQr?: string }> = {
  admin: { name: '系统管理员' },
  manager: { name: '王经理', phone: '13800138000', email: 'manager@yance-lab.cn', wechatQr: DEMO_MANAGER_QRS[0]!.img },
  lab: { name: '李实验员' },
  finance: { name: '赵财务' },
  operator: { name: '陈运营' },
};
