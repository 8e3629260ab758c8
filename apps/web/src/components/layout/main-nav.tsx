import { Link, useLocation } from 'react-router';
import { ChevronDownIcon } from '@/components/ui/icons.tsx';
import { isNavActive, NAV_ITEMS } from './nav-items.ts';
import styles from './main-nav.module.css';

/** Desktop navigation; 服务项目 opens its three types on hover or keyboard focus. */
export function MainNav() {
  const { pathname } = useLocation();
  return (
    <nav className={styles.nav} aria-label="主导航">
      <ul className={styles.list}>
        {NAV_ITEMS.map((item) => {
          const active = isNavActive(item, pathname);
          return (
            <li key={item.label} className={item.children ? styles.hasMenu : undefined}>
              <Link
                to={item.to}
                className={active ? `${styles.link} ${styles.active}` : styles.link}
                aria-current={active ? 'page' : undefined}
              >
                {item.label}
                {item.children && <ChevronDownIcon size={14} className={styles.caret} />}
              </Link>
              {item.children && (
                <div className={styles.menu}>
                  <ul>
                    {item.children.map((c) => (
                      <li key={c.to}>
                        <Link to={c.to} className={styles.menuItem}>
                          <strong>{c.label}</strong>
                          <span>{c.desc}</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
