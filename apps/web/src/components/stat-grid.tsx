import styles from './stat-grid.module.css';

export interface Stat {
  label: string;
  value: number;
  suffix?: string;
}

/** Big-number tiles ("128 项 检测项目"); numbers come from real data, never made up. */
export function StatGrid({ stats }: { stats: Stat[] }) {
  return (
    <ul className={styles.grid}>
      {stats.map((s) => (
        <li key={s.label} className={styles.tile}>
          <span className={styles.value}>
            {s.value.toLocaleString('zh-CN')}
            {s.suffix ? <small>{s.suffix}</small> : null}
          </span>
          <span className={styles.label}>{s.label}</span>
        </li>
      ))}
    </ul>
  );
}
