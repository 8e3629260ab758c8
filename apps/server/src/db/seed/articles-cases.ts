import { html, type ArticleSeed } from './article-builder.ts';

const SITE = 'https://www.yance-lab.cn/cases';

/** Service cases (能力展示); some link to our case site, some are read here. */
export const CASES: ArticleSeed[] = [
  {
    rid: 'a30001',
    type: 'service',
    date: '2026-01-20',
    title: '球差电镜揭示 Pt 单原子在 CeO₂ 上的锚定位点',
    sketch: 'HAADF-STEM 结合 EXAFS，确认 Pt 以孤立单原子形式存在。',
    source: `${SITE}/pt-ceo2-single-atom`,
  },
  {
    rid: 'a30002',
    type: 'service',
    date: '2026-02-27',
    title: '原位 XRD 追踪高镍正极的相变过程',
    sketch: '充放电过程中 H2→H3 相变与晶格收缩的实时观测。',
    body: html(
      '客户需要理解高镍三元正极在高电压下容量衰减的原因。我们设计了原位电化学 XRD 实验，在 2.8–4.5 V 区间每 5 分钟采集一张图谱。',
      '结果显示 4.2 V 以上出现 H2→H3 相变，c 轴在 0.1 C 下收缩约 4.6%。结合 SEM 截面观察到的晶间裂纹，客户确定了掺杂改性的方向。',
      '## 使用项目',
      '- 原位变温/电化学 XRD',
      '- 扫描电镜（截面）',
      '- Rietveld 精修',
    ),
  },
  {
    rid: 'a30003',
    type: 'service',
    date: '2026-03-30',
    title: 'XPS 深度剖析：钙钛矿薄膜界面的碘迁移',
    sketch: 'Ar⁺ 团簇刻蚀避免有机组分损伤，获得 I 元素深度分布。',
    source: `${SITE}/perovskite-depth-profile`,
  },
  {
    rid: 'a30004',
    type: 'service',
    date: '2026-04-24',
    title: 'BET + 压汞联合表征分级多孔碳',
    sketch: '从微孔到大孔的全尺度孔结构分析。',
    body: html(
      '分级多孔碳同时含有微孔、介孔与大孔，单一方法无法覆盖。我们以 N₂ 与 CO₂ 吸附分析微孔与介孔，以压汞分析 50 nm 以上大孔，并统一换算为累计孔容曲线。',
      '客户据此解释了材料在高倍率下的优异性能，相关数据已发表。',
    ),
  },
  {
    rid: 'a30005',
    type: 'service',
    date: '2026-05-29',
    title: 'DFT 计算解释 Fe–N–C 催化剂的 ORR 活性来源',
    sketch: '构建 FeN₄ 及轴向配位模型，自由能台阶图与实验趋势一致。',
    source: `${SITE}/fe-n-c-orr-dft`,
  },
  {
    rid: 'a30006',
    type: 'service',
    date: '2026-07-03',
    title: 'LC-MS 鉴定药物降解杂质',
    sketch: '高分辨质谱结合二级碎片，确定 3 个未知降解产物的结构。',
    body: html(
      '某制药企业在加速稳定性试验中发现 3 个未知杂质峰。我们以 Q Exactive 高分辨质谱测得精确分子量，并根据二级碎片推断其为水解与氧化产物。',
      '企业据此调整了辅料与包装方案，杂质含量降至限度以下。',
    ),
  },
  {
    rid: 'a30007',
    type: 'service',
    date: '2026-08-14',
    title: 'TG-IR 分析阻燃聚合物的分解产物',
    sketch: '在线红外识别 NH₃、CO₂ 与含磷碎片的逸出温度。',
    source: `${SITE}/flame-retardant-tg-ir`,
  },
  {
    rid: 'a30008',
    type: 'service',
    date: '2026-09-25',
    title: 'EBSD 研究增材制造钛合金的织构',
    sketch: '沿打印方向的柱状晶与 <001> 织构统计。',
    body: html(
      '选区激光熔化 TC4 样品沿构建方向存在明显各向异性。EBSD 统计显示 β 柱状晶沿 <001> 择优生长，热处理后 α 片层织构显著弱化。',
      '## 交付内容',
      '- IPF 与极图',
      '- 晶粒尺寸统计',
      '- 热处理前后对比报告',
    ),
  },
  {
    rid: 'a30009',
    type: 'service',
    date: '2026-11-06',
    title: '固体核磁解析分子筛骨架铝的配位',
    sketch: '27Al MAS NMR 区分四配位与六配位铝，指导脱铝工艺。',
    source: `${SITE}/zeolite-27al-nmr`,
  },
];
