import type { ArticleType } from '@yance/contracts/content';

export interface ArticleSeed {
  rid: string;
  type: ArticleType;
  title: string;
  date: string;
  sketch: string;
  body?: string;
  source?: string;
  company?: string;
  code?: string;
  content?: string;
  /** Thanks have no cover. */
  noImg?: boolean;
  /**
   * A case's picture, what its title shows (issue 21): a micrograph for
   * microscopy (sem, stem, hrtem), else the motif of its data — a spectrum,
   * a curve, pores, a computed model.
   */
  picture?: 'sem' | 'stem' | 'hrtem' | 'spectrum' | 'chart' | 'pores' | 'compute' | 'thermal' | 'chroma' | 'lattice';
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Paragraphs, with "## " lines as headings and "- " lines grouped into a list. */
export function html(...blocks: string[]): string {
  const out: string[] = [];
  let items: string[] = [];
  const flush = () => {
    if (items.length) out.push(`<ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`);
    items = [];
  };
  for (const b of blocks) {
    if (b.startsWith('- ')) {
      items.push(b.slice(2));
      continue;
    }
    flush();
    out.push(b.startsWith('## ') ? `<h3>${esc(b.slice(3))}</h3>` : `<p>${esc(b)}</p>`);
  }
  flush();
  return out.join('');
}

/** A case's cover is its result image (a micrograph, JPEG); other articles have a drawn cover (SVG). */
export const articleImg = (a: ArticleSeed) =>
  a.noImg ? '' : a.type === 'service' ? `/upload/img/case/${a.rid}.jpg` : `/upload/img/article/${a.rid}.svg`;
