/** The three project types and their child categories (spec §2, §9). */

/** Picture family of a category; the image generator draws one per motif. */
export type Motif =
  'lattice' | 'microscope' | 'elements' | 'thermal' | 'spectrum' | 'pores' | 'electro' | 'mechanics' | 'chroma' | 'compute' | 'chart';

export interface TypeSeed {
  id: 1 | 2 | 3;
  name: string;
  slug: string;
  /** Pipe-separated tags (spec §3). */
  description: string;
  children: { name: string; motif: Motif }[];
}

export const TYPE_SEEDS: TypeSeed[] = [
  {
    id: 1,
    name: '送样检测',
    slug: 'sample',
    description: '专业仪器|快速出报告|先测试后付费',
    children: [
      { name: '结构分析', motif: 'lattice' },
      { name: '形貌分析', motif: 'microscope' },
      { name: '成分分析', motif: 'elements' },
      { name: '热分析', motif: 'thermal' },
      { name: '光谱分析', motif: 'spectrum' },
      { name: '表面与孔隙', motif: 'pores' },
      { name: '电化学', motif: 'electro' },
      { name: '力学性能', motif: 'mechanics' },
      { name: '色谱质谱', motif: 'chroma' },
    ],
  },
  {
    id: 2,
    name: '现场预约',
    slug: 'booking',
    description: '自主上机|工程师陪同|按小时计费',
    children: [
      { name: '电镜机时', motif: 'microscope' },
      { name: '谱学机时', motif: 'spectrum' },
      { name: '热分析机时', motif: 'thermal' },
      { name: '制样与加工', motif: 'mechanics' },
    ],
  },
  {
    id: 3,
    name: '数据分析',
    slug: 'data',
    description: '博士团队|7天交付|不满意免费修改',
    children: [
      { name: '模拟计算', motif: 'compute' },
      { name: '数据处理与作图', motif: 'chart' },
      { name: '晶体结构精修', motif: 'lattice' },
    ],
  },
];

/** Child name → its type and motif; child names are unique across types. */
export const CHILD_INFO = new Map(
  TYPE_SEEDS.flatMap((t) => t.children.map((c, i) => [c.name, { typeId: t.id, motif: c.motif, sort: i }] as const)),
);
