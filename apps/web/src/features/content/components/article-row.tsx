import { CalendarOutlined, ExportOutlined } from '@ant-design/icons';
import type { ArticleSummary } from '@yance/contracts/content';
import { CoverImage } from '@/components/cover-image.tsx';
import { ArticleLink, opensExternally } from './article-link.tsx';
import styles from './article-row.module.css';

/**
 * One news, course or case entry: picture, title, summary and date. The first
 * rows' pictures are on the first screen (on a phone, one of them is the
 * largest paint: Chrome skips a nearly plain picture, so it may not be the
 * first): they load at once, the first one first.
 */
export function ArticleRow({ article, priority = false, eager = false }: { article: ArticleSummary; priority?: boolean; eager?: boolean }) {
  return (
    <ArticleLink article={article} className={styles.row}>
      <CoverImage
        src={article.img}
        alt={article.title}
        ratio="16 / 10"
        className={styles.img}
        sizes="(max-width: 640px) 112px, 232px"
        maxWidth={464}
        priority={priority}
        eager={eager}
      />
      <div className={styles.text}>
        <h3 className={styles.title}>{article.title}</h3>
        {article.sketch ? <p className={styles.sketch}>{article.sketch}</p> : null}
        <div className={styles.meta}>
          <span>
            <CalendarOutlined /> {article.created}
          </span>
          <span className={styles.more}>
            {opensExternally(article) ? (
              <>
                阅读原文 <ExportOutlined />
              </>
            ) : (
              '查看详情 →'
            )}
          </span>
        </div>
      </div>
    </ArticleLink>
  );
}
