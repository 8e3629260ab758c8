import { describe, expect, it } from 'vitest';
import { keywordRuns, normalizeSearch, splitGenericWords } from './search-terms.ts';

const show = (rs: { text: string; generic: boolean }[]) => rs.map((r) => (r.generic ? `~${r.text}` : r.text));
const runs = (kw: string) => show(keywordRuns(normalizeSearch(kw)));
const split = (kw: string) => show(splitGenericWords(keywordRuns(normalizeSearch(kw))));

describe('keyword runs', () => {
  it('splits where Chinese meets Latin letters or digits, so a missing space still finds', () => {
    expect(runs('BET比表面')).toEqual(['bet', '比表面']);
    expect(runs('原位XRD')).toEqual(['原位', 'xrd']);
    expect(runs('X射线衍射')).toEqual(['x', '射线衍射']);
    expect(runs('1H核磁')).toEqual(['1h', '核磁']);
    expect(runs('Zeta电位')).toEqual(['zeta', '电位']);
  });

  it('splits at spaces too, and folds full width and case first', () => {
    expect(runs('原位 XRD')).toEqual(['原位', 'xrd']);
    expect(runs('  ＸＰＳ　上机 ')).toEqual(['xps', '上机']);
    expect(runs('x ray')).toEqual(['x', 'ray']);
  });

  it('keeps punctuation inside a run and drops it where the script changes', () => {
    expect(runs('ICP-MS')).toEqual(['icp-ms']);
    expect(runs('H2-TPR')).toEqual(['h2-tpr']);
    expect(runs('BET-比表面积')).toEqual(['bet', '比表面积']);
    expect(runs('星_')).toEqual(['星_']);
    expect(runs('星%')).toEqual(['星%']);
    expect(runs('（薄膜）')).toEqual(['(薄膜)']);
    expect(runs('-')).toEqual(['-']);
  });

  it('flags generic words, and keeps a Chinese run whole as typed', () => {
    expect(runs('xps分析')).toEqual(['xps', '~分析']);
    expect(runs('测试XRD')).toEqual(['~测试', 'xrd']);
    expect(runs('热重测试')).toEqual(['热重测试']);
    expect(runs('测试')).toEqual(['~测试']);
  });

  it('splits generic words off a Chinese run when asked, while two characters of stem remain', () => {
    expect(split('热重测试')).toEqual(['热重', '~测试']);
    expect(split('扫描电镜测试价格')).toEqual(['扫描电镜', '~测试', '~价格']);
    expect(split('检测比表面积')).toEqual(['~检测', '比表面积']);
    expect(split('成分分析')).toEqual(['成分', '~分析']);
    expect(split('xrd 测试')).toEqual(['xrd', '~测试']);
    // a one-character stem stays whole: 热分析 is a category, 热 alone would match half the catalogue
    expect(split('热分析')).toEqual(['热分析']);
    expect(split('测试')).toEqual(['~测试']);
  });

  it('gives each run once and nothing for an empty keyword', () => {
    expect(runs('xrd XRD xrd测试')).toEqual(['xrd', '~测试']);
    expect(split('热重 热重测试')).toEqual(['热重', '~测试']);
    expect(runs('   ')).toEqual([]);
  });
});
