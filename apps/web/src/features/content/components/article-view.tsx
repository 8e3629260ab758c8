import { CalendarOutlined, EyeOutlined, LeftOutlined, LinkOutlined } from '@ant-design/icons';
import type { ArticleDetail } from '@yance/contracts/content';
import { Link } from 'react-router';
import { CoverImage } from '@/components/cover-image.tsx';
import { RichText } from '@/components/rich-text.tsx';
import { isExternal, paths } from '@/config/paths.ts';
import styles from './article-view.module.css';

/** A full article: meta line, cover, body, source link, previous/next and the way back. */
export function ArticleView({ article, listLabel }: { article: ArticleDetail; listLabel: string }) {
  return (
    <article className={styles.article}>
      <header className={styles.head}>
        <h2 className={styles.title}>{article.title}</h2>
        <div className={styles.meta}>
          <span>
            <CalendarOutlined /> {article.created}
          </span>
          <span>
            <EyeOutlined /> {article.views} 次浏览
          </span>
          {article.company ? <span>{article.company}</span> : null}
        </div>
      </header>
      {article.img ? (
        <CoverImage
          src={article.img}
          alt={article.title}
          ratio="21 / 9"
          className={styles.cover}
          sizes="(max-width: 900px) 100vw, 860px"
          maxWidth={1720}
          priority
        />
      ) : null}
      {article.sketch ? <p className={styles.lead}>{article.sketch}</p> : null}
      <RichText html={article.body} />
      {isExternal(article.source) ? (
        <p className={styles.source}>
          <LinkOutlined /> 原文链接：
          <a href={article.source} target="_blank" rel="noopener noreferrer">
            {article.source}
          </a>
        </p>
      ) : null}
      <nav className={styles.neighbours} aria-label="上一篇和下一篇">
        <div>
          <span>上一篇：</span>
          {article.prev ? <Link to={paths.article(article.prev.rid)}>{article.prev.title}</Link> : <em>没有了</em>}
        </div>
        <div>
          <span>下一篇：</span>
          {article.next ? <Link to={paths.article(article.next.rid)}>{article.next.title}</Link> : <em>没有了</em>}
        </div>
      </nav>
      <Link to={paths.list(article.type)} className={styles.back}>
        <LeftOutlined /> 返回{listLabel}
      </Link>
    </article>
  );
}
