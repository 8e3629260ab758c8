import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SearchIcon } from '@/components/ui/icons.tsx';
import { paths } from '@/config/paths.ts';
import styles from './header-search.module.css';

/** Site search → /search?kw=…; on the search page it starts with the current keyword. */
export function HeaderSearch({ onDone, className }: { onDone?: () => void; className?: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [kw, setKw] = useState(pathname === '/search' ? (params.get('kw') ?? '') : '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate(paths.search(kw.trim()));
    onDone?.();
  };
  return (
    <form role="search" className={`${styles.form} ${className ?? ''}`} onSubmit={submit}>
      <input
        className={styles.input}
        type="search"
        name="kw"
        value={kw}
        maxLength={50}
        onChange={(e) => setKw(e.target.value)}
        placeholder="搜索检测项目，如 XRD、SEM"
        aria-label="搜索检测项目"
        enterKeyHint="search"
      />
      <button type="submit" className={styles.button} aria-label="搜索">
        <SearchIcon size={18} />
      </button>
    </form>
  );
}
