import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi } from './factories.ts';

/**
 * What customers of a research testing platform type, against the demo
 * catalogue (ADR 0027): each query must return the named items among its
 * first results. A ranking or seed change that breaks one of these breaks
 * what a real customer sees.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** [what a customer types, items (by name) that must come back, within the first n results (default 3)] */
const CASES: [string, string[], number?][] = [
  // 比表面 / BET — partial words, abbreviation, the two run together, a generic word
  ['比表面', ['比表面积及孔径分析'], 1],
  ['比表面积', ['比表面积及孔径分析'], 1],
  ['BET', ['比表面积及孔径分析'], 1],
  ['BET比表面', ['比表面积及孔径分析'], 1],
  ['bet 比表面积', ['比表面积及孔径分析'], 1],
  ['BET测试', ['比表面积及孔径分析'], 1],
  ['氮气吸附', ['比表面积及孔径分析'], 1],
  ['比表面孔径', ['比表面积及孔径分析'], 1],
  // electron microscopy
  ['电镜', ['扫描电子显微镜', '透射电子显微镜'], 3],
  ['扫描电镜', ['扫描电子显微镜'], 1],
  ['SEM', ['扫描电子显微镜'], 1],
  ['sem测试', ['扫描电子显微镜'], 1],
  ['SEM上机', ['扫描电镜上机'], 1],
  ['透射电镜', ['透射电子显微镜'], 1],
  ['TEM', ['透射电子显微镜'], 1],
  ['球差', ['球差校正透射电镜'], 1],
  ['球差电镜', ['球差校正透射电镜'], 1],
  ['透射电镜球差', ['球差校正透射电镜'], 1],
  ['扫描电镜能谱', ['扫描电子显微镜'], 1],
  ['能谱', ['X射线能谱分析', 'X射线光电子能谱'], 2],
  ['EDS', ['X射线能谱分析'], 1],
  // thermal
  ['热重', ['热重分析'], 1],
  ['TGA', ['热重分析'], 1],
  ['热重测试', ['热重分析'], 1],
  ['热重分析', ['热重分析'], 1],
  ['DSC', ['差示扫描量热'], 1],
  ['热分析', ['热重分析', '差示扫描量热', '同步热分析'], 5],
  // spectroscopy
  ['红外', ['傅里叶变换红外光谱'], 1],
  ['FTIR', ['傅里叶变换红外光谱'], 1],
  ['红外光谱', ['傅里叶变换红外光谱'], 1],
  ['原位红外', ['原位漫反射红外'], 1],
  ['xps', ['X射线光电子能谱'], 1],
  ['XPS分析', ['X射线光电子能谱'], 1],
  ['光电子能谱', ['X射线光电子能谱'], 1],
  ['xps价带谱', ['X射线光电子能谱'], 1],
  ['核磁', ['液体核磁共振', '固体核磁共振'], 2],
  ['NMR', ['液体核磁共振'], 1],
  ['核磁氢谱', ['液体核磁共振'], 1],
  ['1H NMR', ['液体核磁共振'], 1],
  ['拉曼', ['拉曼光谱'], 1],
  ['raman', ['拉曼光谱'], 1],
  ['紫外', ['紫外-可见吸收光谱'], 2],
  ['uv-vis', ['紫外-可见吸收光谱'], 1],
  ['顺磁', ['电子顺磁共振'], 1],
  ['EPR', ['电子顺磁共振'], 1],
  // structure, in situ, synchrotron
  ['XRD', ['X射线衍射'], 1],
  ['ｘｒｄ', ['X射线衍射'], 1],
  ['XRD测试', ['X射线衍射'], 1],
  ['xrd 测试', ['X射线衍射'], 1],
  ['X射线衍射', ['X射线衍射'], 1],
  ['粉末衍射', ['X射线衍射'], 1],
  ['x ray', ['X射线衍射'], 2],
  ['原位', ['原位变温XRD', '原位拉曼光谱', '原位漫反射红外', '原位透射电镜'], 4],
  ['原位XRD', ['原位变温XRD'], 1],
  ['原位 xrd', ['原位变温XRD'], 1],
  ['原位TEM', ['原位透射电镜'], 1],
  ['同步辐射', ['X射线吸收精细结构', '同步辐射X射线衍射'], 2],
  ['XAFS', ['X射线吸收精细结构'], 1],
  ['同步辐射xafs', ['X射线吸收精细结构'], 1],
  ['xrd精修', ['Rietveld精修'], 1],
  ['单晶', ['单晶X射线衍射'], 2],
  // composition and chromatography
  ['icp', ['电感耦合等离子体发射光谱', '电感耦合等离子体质谱'], 2],
  ['ICP-MS', ['电感耦合等离子体质谱'], 1],
  ['gcms', ['气相色谱-质谱联用'], 1],
  ['液相', ['高效液相色谱', '液相色谱-质谱联用'], 2],
  ['元素分析', ['有机元素分析'], 2],
  // surface, electrochemistry, mechanics
  ['afm', ['原子力显微镜'], 1],
  ['原子力', ['原子力显微镜'], 1],
  ['粒度', ['激光粒度分析', '动态光散射'], 2],
  ['zeta电位', ['Zeta电位'], 1],
  ['电化学', ['电化学工作站测试'], 2],
  ['循环伏安', ['电化学工作站测试'], 1],
  ['拉伸', ['拉伸测试'], 1],
  // computation
  ['第一性原理', ['DFT计算'], 1],
  ['第一性原理计算', ['DFT计算'], 1],
  ['DFT', ['DFT计算'], 1],
  ['dft计算', ['DFT计算'], 1],
  ['vasp', ['DFT计算'], 1],
  ['分子动力学', ['分子动力学模拟'], 1],
  ['分子对接', ['分子对接'], 1],
];

describe('search relevance: what customers type', () => {
  it('has at least 40 queries', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(CASES)('%s → %j', async (kw, names, n = 3) => {
    const res = await callApi(t, 'deviceSearch', { query: { kw, pageSize: Math.max(n, 12) } });
    expect(res.status).toBe(200);
    const got = res.body.data.list.map((d) => d.name);
    const within = Math.max(n, names.length);
    for (const name of names) expect(got.slice(0, within), `${kw}: ${got.join(' | ')}`).toContain(name);
  });
});
