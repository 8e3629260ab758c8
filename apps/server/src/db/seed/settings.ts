import type { AllowRegion, LabCalendarSetting, LocalInfo, SamplingSetting } from '@yance/contracts/setting';
import type { PromoPopup } from '@yance/contracts/home';

/** Free pick-up runs in two cities (spec §9): Beijing and Shanghai urban districts. */
const beijing = [
  ['110101', '东城区'],
  ['110102', '西城区'],
  ['110105', '朝阳区'],
  ['110106', '丰台区'],
  ['110107', '石景山区'],
  ['110108', '海淀区'],
  ['110114', '昌平区'],
  ['110115', '大兴区'],
];
const shanghai = [
  ['310101', '黄浦区'],
  ['310104', '徐汇区'],
  ['310105', '长宁区'],
  ['310106', '静安区'],
  ['310107', '普陀区'],
  ['310110', '杨浦区'],
  ['310112', '闵行区'],
  ['310115', '浦东新区'],
];

export const ALLOW_REGION: AllowRegion = [
  ...beijing.map(([code, district]) => ({ code: code!, city: '北京市', district: district! })),
  ...shanghai.map(([code, district]) => ({ code: code!, city: '上海市', district: district! })),
];

export const SAMPLING_SETTING: SamplingSetting = {
  disabled_date: [
    '2026-12-31',
    '2027-01-01',
    '2027-02-10',
    '2027-02-11',
    '2027-02-12',
    '2027-02-13',
    '2027-02-14',
    '2027-02-15',
    '2027-02-16',
  ],
  disabled_date_time: [{ date: '2026-12-24', time: '16:00-18:00' }],
  disabled_time: [],
  disabled_week: [0],
  // A Sunday the couriers work (make-up working day before the Spring Festival).
  invalid_disabled_date: ['2027-02-07'],
  sampling_time1: '09:00-11:00',
  sampling_time2: '11:00-13:00',
  sampling_time3: '14:00-16:00',
  sampling_time4: '16:00-18:00',
  WxTip1: '上门取样目前仅覆盖北京、上海部分城区；请在预约时段内保持电话畅通，样品请按要求密封并标注编号。',
};

export const LOCAL_INFO: LocalInfo = {
  company: '北京研测科技有限公司',
  taxId: '91110108MA01YC2026',
  address: '北京市海淀区中关村南大街 5 号 研测科技园 B 座 6 层',
  phone: '400-860-2026',
  email: 'service@yance-lab.cn',
  express: '北京市海淀区中关村南大街 5 号 研测科技园 B 座 6 层 收样室，收件人：研测收样组，电话：010-6288 2026（请在包裹内附订单号）',
  hours: '周一至周六 8:30-18:30',
  wechat: 'yance-lab',
};

export const HOME_POPUP: PromoPopup = {
  img: '/upload/img/popup/winter.svg',
  title: '冬季科研季：假期照常收样，院校先测试后付费',
  url: '/article/a10011',
};

/**
 * The demo lab works Monday to Friday; 2027's New Year, Labour Day and
 * National Day weeks off, with two make-up Saturdays — operators enter each
 * year's official schedule in 设置 › 工作日历.
 */
export const LAB_CALENDAR: LabCalendarSetting = {
  workdays: [1, 2, 3, 4, 5],
  holidays: [
    '2027-01-01',
    ...['2027-05-01', '2027-05-03', '2027-05-04', '2027-05-05'],
    ...['2027-10-01', '2027-10-04', '2027-10-05', '2027-10-06', '2027-10-07'],
  ],
  makeupDays: ['2027-04-24', '2027-10-09'],
};
