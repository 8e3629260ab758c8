import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HighlightText } from './highlight-text.tsx';

const marks = (text: string, keyword: string) =>
  [...renderToStaticMarkup(<HighlightText text={text} keyword={keyword} />).matchAll(/<mark[^>]*>(.*?)<\/mark>/g)].map((m) => m[1]);

describe('HighlightText', () => {
  it('marks each run of the keyword, whatever the case and width of what was typed', () => {
    expect(marks('比表面积及孔径分析', 'BET比表面')).toEqual(['比表面']);
    expect(marks('X射线光电子能谱 XPS', 'ｘｐｓ分析')).toEqual(['XPS']);
    expect(marks('原位变温XRD', '原位 xrd')).toEqual(['原位', 'XRD']);
  });

  it('leaves text without a keyword as it is', () => {
    expect(renderToStaticMarkup(<HighlightText text="a<b" keyword="  " />)).toBe('a&lt;b');
    expect(marks('拉曼光谱', '(')).toEqual([]);
  });
});
