/** Home carousel; redirect is our own external page or an item rid (spec §2). */
export const BANNER_SEEDS = [
  {
    img: '/upload/img/banner/b1.svg',
    redirect: 'https://www.yance-lab.cn/activity/2026-winter',
    // No discount in the words (issue 21): a discount the shop shows is a rule the price applies (优惠活动),
    // and its labels are written from the rules, never by hand here.
    title: '冬季科研季 · 院校先测试后付费',
    description: '2026年12月1日至2027年1月31日照常收样（元旦休息），送样检测与数据分析均可在线下单，院校用户先测试后付费。',
  },
  {
    img: '/upload/img/banner/b2.svg',
    // d10009 is a 送样检测 item (the lab runs the microscope): the banner says so, not 机时预约 (issue 21).
    redirect: 'd10009',
    title: '球差电镜送样检测 · 单原子表征',
    description: '双球差校正 Spectra 300，亚埃级分辨，单原子催化剂表征首选，寄样即可，工程师代为拍摄。',
  },
  {
    img: '/upload/img/banner/b3.svg',
    redirect: 'd10001',
    title: 'XRD 当天收样 · 3个工作日出数据',
    description: 'Bruker D8 Advance，常规物相、慢扫精修一站式完成，全年累计服务超过4800单。',
  },
  {
    img: '/upload/img/banner/b4.svg',
    redirect: 'd30001',
    title: 'DFT 计算 · 博士团队一对一',
    description: '吸附能、能带、反应路径，报告方法部分可直接用于论文，无需寄样，下单即排队计算。',
  },
  {
    img: '/upload/img/banner/b5.svg',
    redirect: 'https://www.yance-lab.cn/pickup',
    title: '北京、上海高校免费上门取样',
    description: '在线预约取样时段，专人上门，样品全程可追踪。',
  },
];

/** Partner institutions on the scrolling strip (generic names, not real brands). */
export const PARTNER_SEEDS = [
  '某985高校材料学院',
  '中科院某化学研究所',
  '某211高校化工学院',
  '某省新能源材料重点实验室',
  '某理工大学物理学院',
  '某医科大学药学院',
  '中科院某物理研究所',
  '某师范大学化学学院',
  '某新能源电池企业研究院',
  '某半导体材料企业',
  '某农业大学资环学院',
  '某国家级催化工程中心',
  '某航空材料研究院',
  '某环境科学研究院',
].map((name, i) => ({ name, img: `/upload/img/partner/p${i + 1}.svg`, url: '', sort: i }));
