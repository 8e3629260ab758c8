import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Pager, pageItems } from './pager.tsx';

describe('pageItems', () => {
  it('shows the first, the last and two on each side of the current page, with gaps', () => {
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 'gap', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 18, 19, 20]);
  });

  it('shows a single left-out page instead of a gap', () => {
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 20]);
    expect(pageItems(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('Pager', () => {
  const render = (url: string, page: number, total: number) =>
    renderToStaticMarkup(
      <MemoryRouter initialEntries={[url]}>
        <Pager page={page} pageSize={12} total={total} onChange={() => {}} unit="项" />
      </MemoryRouter>,
    );

  it('is real links that keep the rest of the query, named for a screen reader', () => {
    const html = render('/search?kw=XRD&page=2&sort=order', 2, 65);
    expect(html).toContain('共 65 项');
    expect(html).toMatch(/<a class="[^"]+" href="\?kw=XRD&amp;sort=order" aria-label="上一页">/);
    expect(html).toContain('href="?kw=XRD&amp;page=3&amp;sort=order" aria-label="下一页"');
    expect(html).toMatch(/href="\?kw=XRD&amp;page=2&amp;sort=order" aria-label="第 2 页" aria-current="page"/);
    expect(html).toContain('aria-label="第 6 页"');
  });

  it('greys out the arrow that leads nowhere, and is not there for a single page', () => {
    expect(render('/list/news', 1, 30)).toContain('aria-label="上一页" aria-disabled="true"');
    expect(render('/list/news', 1, 12)).toBe('');
  });
});
