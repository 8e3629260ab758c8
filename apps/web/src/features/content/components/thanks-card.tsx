import { ExportOutlined } from '@ant-design/icons';
import type { ArticleSummary } from '@yance/contracts/content';
import { ArticleLink, opensExternally } from './article-link.tsx';
import styles from './thanks-card.module.css';

/** A customer's published acknowledgement: who, for which service, in which journal, and what they wrote. */
export function ThanksCard({ item }: { item: ArticleSummary }) {
  return (
    <article className={styles.card}>
      <dl className={styles.facts}>
        <div>
          <dt>作者信息</dt>
          <dd>{item.company || '—'}</dd>
        </div>
        <div>
          <dt>服务项目</dt>
          <dd>{item.title}</dd>
        </div>
        <div>
          <dt>期刊信息</dt>
          <dd className={styles.journal}>{item.code || '—'}</dd>
        </div>
      </dl>
      {item.content ? <blockquote className={styles.quote}>{item.content}</blockquote> : null}
      <footer className={styles.foot}>
        <span>{item.created}</span>
        <ArticleLink article={item} className={styles.link}>
          {opensExternally(item) ? (
            <>
              查看原文 <ExportOutlined />
            </>
          ) : (
            '查看详情 →'
          )}
        </ArticleLink>
      </footer>
    </article>
  );
}
