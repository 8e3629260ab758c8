import { Drawer } from 'antd';
import { Link, useLocation } from 'react-router';
import { AntdScope } from '@/components/ui/antd-scope.tsx';
import { ChevronRightIcon, FlaskIcon } from '@/components/ui/icons.tsx';
import { paths } from '@/config/paths.ts';
import { isNavActive, NAV_ITEMS } from './nav-items.ts';
import styles from './mobile-menu.module.css';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  signedIn: boolean;
  cartNum?: number;
  onLogin: () => void;
  onRegister: () => void;
  onLogout: () => void;
}

/** The navigation of small screens, in a drawer (loaded on first use); the search box stays in the header. */
export function MobileMenu({ open, onClose, signedIn, cartNum, onLogin, onRegister, onLogout }: MobileMenuProps) {
  const { pathname } = useLocation();
  const then = (fn: () => void) => () => {
    onClose();
    fn();
  };
  return (
    <AntdScope>
      <Drawer open={open} onClose={onClose} placement="right" size={300} title="研测 · 科研检测服务平台" styles={{ body: { padding: 0 } }}>
        <nav aria-label="移动端导航">
          <ul className={styles.list}>
            {NAV_ITEMS.map((item) => {
              const active = isNavActive(item, pathname);
              return (
                <li key={item.label}>
                  <Link
                    to={item.to}
                    onClick={onClose}
                    className={active ? `${styles.link} ${styles.active}` : styles.link}
                    aria-current={active ? 'page' : undefined}
                  >
                    {item.label}
                    <ChevronRightIcon size={16} />
                  </Link>
                  {item.children && (
                    <div className={styles.children}>
                      {item.children.map((c) => (
                        <Link key={c.to} to={c.to} onClick={onClose} className={styles.child}>
                          {c.label}
                        </Link>
                      ))}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>
        <div className={styles.footer}>
          <Link to={paths.experiment('plan')} onClick={onClose} className={styles.plan}>
            <FlaskIcon size={16} /> 实验方案{signedIn && !!cartNum && <span className={styles.badge}>{cartNum}</span>}
          </Link>
          {signedIn ? (
            <div className={styles.auth}>
              <Link to={paths.member()} onClick={onClose} className={styles.memberLink}>
                会员中心
              </Link>
              <button type="button" className={styles.login} onClick={then(onLogout)}>
                退出登录
              </button>
            </div>
          ) : (
            <div className={styles.auth}>
              <button type="button" className={styles.login} onClick={then(onLogin)}>
                登录
              </button>
              <button type="button" className={styles.register} onClick={then(onRegister)}>
                注册
              </button>
            </div>
          )}
        </div>
      </Drawer>
    </AntdScope>
  );
}
