import { describe, expect, it } from 'vitest';
import { deviceSearchFields, exactGram, normalizeSearch, queryGrams, searchGrams } from './search-grams.ts';

describe('search grams', () => {
  it('gives unigrams and bigrams inside words, lower-cased, never across a space', () => {
    expect(searchGrams('XRD 衍射').sort()).toEqual(['d', 'r', 'rd', 'x', 'xr', '射', '衍', '衍射'].sort());
  });

  it('needs bigrams of each word of a keyword, or the unigram of a one-character word', () => {
    expect(queryGrams('Xrd')).toEqual(['xr', 'rd']);
    expect(queryGrams('热')).toEqual(['热']);
    expect(queryGrams('x ray')).toEqual(['x', 'ra', 'ay']);
    expect(queryGrams('  ')).toEqual([]);
  });

  it('decides by one gram only for one word of one or two characters', () => {
    expect(exactGram('分析')).toBe('分析');
    expect(exactGram(' 析 ')).toBe('析');
    expect(exactGram('ＸＲ')).toBe('xr');
    expect(exactGram('xrd')).toBeUndefined();
    expect(exactGram('a b')).toBeUndefined();
    expect(exactGram('𠀋a')).toBe('𠀋a');
  });

  it('folds full-width letters so ＸＲＤ finds XRD, and whitespace runs to one space', () => {
    expect(normalizeSearch('ＸＲＤ')).toBe('xrd');
    expect(normalizeSearch(' X\u3000 Ray\u2003D\u0007 ')).toBe('x ray d');
  });

  it('every keyword gram of a substring of the item is among the item grams', () => {
    const { searchText, nameLc, aliasLc } = deviceSearchFields({
      name: 'X射线衍射',
      alias: ['XRD', 'X-ray  Diffraction'],
      childName: '结构分析',
    });
    expect(searchText).toBe('x射线衍射 xrd x-ray diffraction 结构分析');
    expect(nameLc).toBe('x射线衍射');
    expect(aliasLc).toBe('|xrd|x-ray diffraction|');
    const grams = searchGrams(searchText);
    for (const kw of ['射线衍射', 'xrd', 'XRD', '结构分析', 'diffraction', '析', 'ray  diff', '射 xrd']) {
      expect(searchText.includes(normalizeSearch(kw)) || kw === '射 xrd').toBe(true);
      for (const g of queryGrams(kw)) expect(grams).toContain(g);
    }
  });

  it('keeps characters outside the basic plane whole', () => {
    expect(searchGrams('𠀋a')).toEqual(['𠀋', '𠀋a', 'a']);
  });
});
