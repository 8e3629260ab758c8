import type { ArticleSummary } from '@yance/contracts/content';
import { CoverImage } from '@/components/cover-image.tsx';
import { ArticleLink } from './article-link.tsx';
import styles from './case-card.module.css';

/** A service case as a picture card; an external source opens in a new tab. */
export function CaseCard({ item }: { item: ArticleSummary }) {
  return (
    <ArticleLink article={item} className={styles.card}>
      <CoverImage
        src={item.img}
        alt={item.title}
        ratio="16 / 9"
        sizes="(max-width: 560px) 100vw, (max-width: 960px) 50vw, 400px"
        maxWidth={800}
      />
      <div className={styles.body}>
        <h3 className={styles.title}>{item.title}</h3>
        {item.sketch ? <p className={styles.sketch}>{item.sketch}</p> : null}
        <time className={styles.date} dateTime={item.created}>
          {item.created}
        </time>
      </div>
    </ArticleLink>
  );
}
