import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SearchSuggest } from '@/components/search-suggest/search-suggest.tsx';
import { useSearchSuggest } from '@/components/search-suggest/use-search-suggest.ts';
import { SearchIcon } from '@/components/ui/icons.tsx';
import { paths } from '@/config/paths.ts';
import styles from './header-search.module.css';

/** Site search → /search?kw=…, with suggestions as one types; on the search page it shows the keyword of the results. */
export function HeaderSearch({ onDone, className }: { onDone?: () => void; className?: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  // The box says what the page shows: a new search from anywhere (the page's own box, a hot word, back) brings its keyword here.
  const shown = pathname === '/search' ? (params.get('kw') ?? '') : '';
  const [kw, setKw] = useState(shown);
  const [seen, setSeen] = useState(shown);
  if (seen !== shown) {
    setSeen(shown);
    setKw(shown);
  }
  const form = useRef<HTMLFormElement>(null);
  const suggest = useSearchSuggest();

  const go = (to: string) => {
    void navigate(to);
    onDone?.();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(paths.search(kw.trim()));
  };
  return (
    <div className={`${styles.box} ${className ?? ''}`} {...suggest.wrapperProps}>
      <form ref={form} role="search" className={styles.form} onSubmit={submit}>
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
          {...suggest.inputProps}
        />
        <button type="submit" className={styles.button} aria-label="搜索">
          <SearchIcon size={18} />
        </button>
      </form>
      <SearchSuggest
        link={suggest.link}
        value={kw}
        anchor={form}
        onItem={(rid) => go(paths.detail(rid))}
        onKeyword={(next) => {
          setKw(next);
          go(paths.search(next));
        }}
      />
    </div>
  );
}
