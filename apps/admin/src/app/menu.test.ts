import { describe, expect, it } from 'vitest';
import { can, PERMISSION_NAMES, type StaffRole } from '@yance/contracts/staff';
import { entryOf, menuFor } from './menu.tsx';

const labels = (role: StaffRole) =>
  menuFor(PERMISSION_NAMES.filter((p) => can([role], p))).map((g) => [g.label, g.entries.map((e) => e.label)]);

describe('side menu', () => {
  it('shows each role only the entries its permissions allow, and no empty group', () => {
    const customers = ['客户', ['客户列表', '课题组']];
    const orders = ['订单', ['订单列表', '到样签收', '取样日历', '定制需求', '评价管理']];
    const money = [
      '财务',
      ['充值审核', '退款审核', '收支流水', '应收账款', '对账', '发票', '邀请有礼', '推广员', '提现审核', '资金设置', '优惠券', '积分设置'],
    ];
    // 优惠活动 (the promotion rules) is pricing.manage's: the admin's and the operator's, not finance's.
    const moneyWithPricing = ['财务', [...(money[1] as string[]), '优惠活动']];
    const bookings = ['预约', ['预约室', '预约设置']];
    const catalog = ['目录', ['检测项目', '项目分类', '热门专区']];
    const content = ['内容', ['轮播图', '文章', '单页', '合作机构', '首页弹窗']];
    const settings = ['设置', ['取样设置', '上门取样地区', '联系方式', '工作日历']];
    const overview = ['概览', ['概览']];
    expect(labels('admin')).toEqual([
      overview,
      customers,
      orders,
      moneyWithPricing,
      bookings,
      catalog,
      content,
      settings,
      ['运营', ['后台任务', '短信记录', '通知记录']],
      ['系统', ['员工', '操作日志']],
    ]);
    expect(labels('operator')).toEqual([
      overview,
      ['财务', ['邀请有礼', '推广员', '优惠券', '积分设置', '优惠活动']],
      catalog,
      content,
      settings,
      ['运营', ['短信记录', '通知记录']],
    ]);
    expect(labels('manager')).toEqual([overview, customers, ['订单', ['订单列表', '定制需求', '评价管理']]]);
    expect(labels('finance')).toEqual([overview, customers, ['订单', ['订单列表']], money]);
    expect(labels('lab')).toEqual([overview, ['订单', ['订单列表', '到样签收', '取样日历']], bookings]);
    expect(menuFor([])).toEqual([]);
  });

  it('finds the entry and group of a path for the breadcrumb', () => {
    expect(entryOf('/')?.entry.label).toBe('概览');
    expect(entryOf('/staff')).toMatchObject({ group: { label: '系统' }, entry: { label: '员工' } });
    expect(entryOf('/audit')?.entry.label).toBe('操作日志');
    // A customer's page sits under 客户列表.
    expect(entryOf('/customers/12')).toMatchObject({ group: { label: '客户' }, entry: { label: '客户列表' } });
    // An order's page sits under 订单列表.
    expect(entryOf('/orders/7')).toMatchObject({ group: { label: '订单' }, entry: { label: '订单列表' } });
    expect(entryOf('/content/articles/12')).toMatchObject({ group: { label: '内容' }, entry: { label: '文章' } });
    expect(entryOf('/catalog/items/XRD-001')).toMatchObject({ group: { label: '目录' }, entry: { label: '检测项目' } });
    expect(entryOf('/clusters/3')).toMatchObject({ group: { label: '客户' }, entry: { label: '课题组' } });
    expect(entryOf('/evaluations')).toMatchObject({ group: { label: '订单' }, entry: { label: '评价管理' } });
    expect(entryOf('/samples')).toMatchObject({ group: { label: '订单' }, entry: { label: '到样签收' } });
    expect(entryOf('/pickups')).toMatchObject({ group: { label: '订单' }, entry: { label: '取样日历' } });
    expect(entryOf('/pickups/sheet')?.entry.label).toBe('取样日历');
    expect(entryOf('/reservations/settings')?.entry.label).toBe('预约设置');
    expect(entryOf('/settings/calendar')?.entry.label).toBe('工作日历');
    expect(entryOf('/invoices/12')).toMatchObject({ group: { label: '财务' }, entry: { label: '发票' } });
    expect(entryOf('/money/topups')).toMatchObject({ group: { label: '财务' }, entry: { label: '充值审核' } });
    expect(entryOf('/money/settings')?.entry.label).toBe('资金设置');
    expect(entryOf('/money/journal')).toMatchObject({ group: { label: '财务' }, entry: { label: '收支流水' } });
    expect(entryOf('/money/receivables')?.entry.label).toBe('应收账款');
    expect(entryOf('/invites')).toMatchObject({ group: { label: '财务' }, entry: { label: '邀请有礼' } });
    expect(entryOf('/jobs')).toMatchObject({ group: { label: '运营' }, entry: { label: '后台任务' } });
    expect(entryOf('/security')?.entry.label).toBe('账号安全');
    expect(entryOf('/nothing')).toBeNull();
  });
});
