import styles from './error-state.module.css';

interface ErrorStateProps {
  /** Shown under the heading; defaults to a generic hint. */
  message?: string;
  onRetry: () => void;
}

/** A failed load with a 重试 button (the api client has already toasted the reason). */
export function ErrorState({ message, onRetry }: ErrorStateProps) {
  return (
    <div className={styles.state} role="alert">
      <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" fill="#faad14" />
        <path d="M12 6.5v7" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        <circle cx="12" cy="17.2" r="1.3" fill="#fff" />
      </svg>
      <h2 className={styles.title}>加载失败</h2>
      <p className={styles.text}>{message ?? '网络或服务暂时不可用，请稍后重试。'}</p>
      <button type="button" className="btn-primary" onClick={onRetry}>
        重试
      </button>
    </div>
  );
}
