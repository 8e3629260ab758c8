import styles from './home-state.module.css';

/** The home call failed (its msg was already toasted): say so and offer 重试. */
export function HomeError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div className={`container ${styles.error}`} role="alert">
      <svg className={styles.errorArt} viewBox="0 0 120 80" aria-hidden="true">
        <ellipse cx="60" cy="72" rx="44" ry="6" fill="#eef2f8" />
        <path
          d="M46 14h28M50 14v18L34 60a5 5 0 0 0 4.4 7.4h43.2A5 5 0 0 0 86 60L70 32V14"
          fill="#fff"
          stroke="#b7c4d8"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path d="M40 52h40l5 9a4 4 0 0 1-3.5 6h-43a4 4 0 0 1-3.5-6z" fill="#dbe6f8" />
        <circle cx="84" cy="22" r="10" fill="#ff6a00" />
        <path d="M84 16v7M84 27v.5" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h2>首页内容加载失败</h2>
      <p>网络不太稳定或服务暂时繁忙，请稍后重试。</p>
      <button type="button" className="btn-primary" onClick={onRetry} disabled={retrying}>
        {retrying ? '正在重试…' : '重试'}
      </button>
    </div>
  );
}
