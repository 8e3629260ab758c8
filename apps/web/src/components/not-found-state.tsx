import { Link } from 'react-router';
import styles from './error-state.module.css';

interface NotFoundStateProps {
  title: string;
  subTitle?: string;
  /** The way back, e.g. the list this page belongs to. */
  back?: { to: string; label: string };
}

/** A page-level "not found" (unknown rid, article or tab) with links back. */
export function NotFoundState({ title, subTitle, back }: NotFoundStateProps) {
  return (
    <div className={styles.state}>
      <span className={styles.code} aria-hidden="true">
        404
      </span>
      <h2 className={styles.title}>{title}</h2>
      <p className={styles.text}>{subTitle ?? '您访问的内容不存在或已下架。'}</p>
      <div className={styles.actions}>
        {back ? (
          <Link className="btn-primary" to={back.to}>
            {back.label}
          </Link>
        ) : null}
        <Link className="btn-default" to="/">
          返回首页
        </Link>
      </div>
    </div>
  );
}
