import { describe, expect, it } from 'vitest';
import { deviceSearchFields, normalizeSearch, queryGrams, searchGrams } from './search-grams.ts';

describe('search grams', () => {
  it('gives unigrams and bigrams without whitespace, lower-cased', () => {
    expect(searchGrams('XRD 衍射').sort()).toEqual(['d', 'd衍', 'r', 'rd', 'x', 'xr', '射', '衍', '衍射'].sort());
  });

  it('needs bigrams for a keyword, and the unigram for a single character', () => {
    expect(queryGrams('Xrd')).toEqual(['xr', 'rd']);
    expect(queryGrams('热')).toEqual(['热']);
    expect(queryGrams('  ')).toEqual([]);
  });

  it('folds full-width letters so ＸＲＤ finds XRD', () => {
    expect(normalizeSearch('ＸＲＤ')).toBe('xrd');
  });

  it('every keyword gram of a substring of the item is among the item grams', () => {
    const { searchText, searchGrams: grams, nameLc, aliasLc } = deviceSearchFields({
      name: 'X射线衍射',
      alias: ['XRD', 'X-ray Diffraction'],
      childName: '结构分析',
      typeName: '送样检测',
    });
    expect(searchText).toBe('x射线衍射 xrd x-ray diffraction 结构分析 送样检测');
    expect(nameLc).toBe('x射线衍射');
    expect(aliasLc).toBe('|xrd|x-ray diffraction|');
    for (const kw of ['射线衍射', 'xrd', 'XRD', '结构分析', 'diffraction', '析']) {
      for (const g of queryGrams(kw)) expect(grams).toContain(g);
    }
  });

  it('keeps characters outside the basic plane whole', () => {
    expect(searchGrams('𠀋a')).toEqual(['𠀋', 'a', '𠀋a']);
  });
});
