import { paths } from '@/config/paths.ts';

export interface NavChild {
  label: string;
  to: string;
  desc: string;
}
export interface NavItem {
  label: string;
  to: string;
  /** Path prefixes that mark this entry active ("/" matches only itself). */
  prefixes: string[];
  children?: NavChild[];
}

/** The three project types of spec §9 (ids 1–3). */
export const SERVICE_TYPES: NavChild[] = [
  { label: '送样检测', to: paths.project(1, '送样检测'), desc: '材料表征与性能测试，寄样或上门取样' },
  { label: '现场预约', to: paths.project(2, '现场预约'), desc: '预约仪器机时，到场自主操作' },
  { label: '数据分析', to: paths.project(3, '数据分析'), desc: '模拟计算与数据处理，专家解读' },
];

/** Header navigation of spec §2. */
export const NAV_ITEMS: NavItem[] = [
  { label: '首页', to: paths.home(), prefixes: ['/'] },
  { label: '服务项目', to: paths.project(1, '送样检测'), prefixes: ['/project', '/detail'], children: SERVICE_TYPES },
  { label: '关于我们', to: '/about', prefixes: ['/about'] },
  { label: '能力展示', to: paths.televised(), prefixes: ['/televised'] },
  { label: '新闻动态', to: paths.list('news'), prefixes: ['/list/news'] },
  { label: '培训课程', to: paths.list('course'), prefixes: ['/list/course'] },
  { label: '联系我们', to: paths.contact(), prefixes: ['/contact'] },
];

export const isNavActive = (item: NavItem, pathname: string) =>
  item.prefixes.some((p) => (p === '/' ? pathname === '/' : pathname === p || pathname.startsWith(`${p}/`)));
