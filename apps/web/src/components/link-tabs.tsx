import { NavLink } from 'react-router';
import styles from './link-tabs.module.css';

export interface LinkTab {
  to: string;
  label: string;
}

/** Tabs that are real links (each tab has its own URL), styled for the page hero band. */
export function LinkTabs({ tabs, label }: { tabs: LinkTab[]; label: string }) {
  return (
    <nav className={styles.tabs} aria-label={label}>
      {tabs.map((t) => (
        <NavLink key={t.to} to={t.to} className={({ isActive }) => (isActive ? `${styles.tab} ${styles.active}` : styles.tab)}>
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}
