import type { ArticleSummary } from '@yance/contracts/content';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isExternal, paths } from '@/config/paths.ts';

/** Service cases and thanks with an external original open it in a new tab; everything else reads on site. */
export const opensExternally = (a: Pick<ArticleSummary, 'type' | 'source'>) =>
  (a.type === 'service' || a.type === 'thanks') && isExternal(a.source);

interface ArticleLinkProps {
  article: Pick<ArticleSummary, 'rid' | 'type' | 'source'>;
  className?: string;
  children: ReactNode;
}

export function ArticleLink({ article, className, children }: ArticleLinkProps) {
  if (opensExternally(article)) {
    return (
      <a href={article.source} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link to={paths.article(article.rid)} className={className}>
      {children}
    </Link>
  );
}
