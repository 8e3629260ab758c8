import { describe, expect, it } from 'vitest';
import { deviceSearchFields, normalizeSearch, queryGrams, searchGrams, termsOf } from './search-grams.ts';

const kwGrams = (kw: string) => termsOf(normalizeSearch(kw)).grams;
const exactGram = (kw: string) => termsOf(normalizeSearch(kw)).exactGram;

describe('search grams', () => {
  it('gives unigrams and bigrams inside words, lower-cased, never across a space', () => {
    expect(searchGrams('XRD 衍射').sort()).toEqual(['d', 'r', 'rd', 'x', 'xr', '射', '衍', '衍射'].sort());
  });

  it('needs bigrams of each run of a keyword, or the unigram of a one-character run', () => {
    expect(kwGrams('Xrd')).toEqual(['xr', 'rd']);
    expect(kwGrams('热')).toEqual(['热']);
    // a one-character run beside a longer one is left to position(): its unigram would narrow almost nothing
    expect(kwGrams('x ray')).toEqual(['ra', 'ay']);
    expect(kwGrams('x射线')).toEqual(['射线']);
    expect(kwGrams('x 射')).toEqual(['x', '射']);
    // no bigram across the script change: the item may hold BET and 比表面 apart
    expect(kwGrams('BET比表面')).toEqual(['be', 'et', '比表', '表面']);
    expect(kwGrams('  ')).toEqual([]);
    expect(queryGrams(['xps', '上机'])).toEqual(['xp', 'ps', '上机']);
  });

  it('keeps the typed keyword for the tiers and the runs each hit must hold', () => {
    expect(termsOf('bet比表面')).toMatchObject({ keyword: 'bet比表面', runs: ['bet', '比表面'] });
    expect(termsOf('xrd测试', ['xrd'])).toMatchObject({ keyword: 'xrd测试', runs: ['xrd'], grams: ['xr', 'rd'] });
  });

  it('decides by one gram only for one run of one or two characters', () => {
    expect(exactGram('分析')).toBe('分析');
    expect(exactGram(' 析 ')).toBe('析');
    expect(exactGram('ＸＲ')).toBe('xr');
    expect(exactGram('xrd')).toBeUndefined();
    expect(exactGram('a b')).toBeUndefined();
    expect(exactGram('𠀋𠂇')).toBe('𠀋𠂇'); // two characters in four UTF-16 units
    expect(exactGram('x射')).toBeUndefined(); // two runs: x and 射 may stand apart
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
      for (const g of kwGrams(kw)) expect(grams).toContain(g);
    }
  });

  it('keeps characters outside the basic plane whole', () => {
    expect(searchGrams('𠀋a')).toEqual(['𠀋', '𠀋a', 'a']);
  });
});
