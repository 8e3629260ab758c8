import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { HighlightText } from '@/components/highlight-text.tsx';
import { hotKeywordsQueryOptions, suggestQueryOptions } from '@/lib/search-suggest.ts';
import type { SearchSuggestProps } from './search-suggest.tsx';
import type { SuggestLink } from './use-search-suggest.ts';
import styles from './suggest-list.module.css';

/** Quiet time after a keystroke before suggestions are asked for. */
const DEBOUNCE_MS = 150;
/** Narrowest list, so a name and its alias fit beside a small header box. */
const MIN_WIDTH = 300;
/** Viewports narrower than this (phones) get a list exactly as wide as its box. */
const NARROW = 600;

type Option = { kind: 'item'; rid: string; name: string; alias: string | null } | { kind: 'keyword'; kw: string };

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface Place {
  top: number;
  left: number;
  width: number;
}

/**
 * Where the list sits: fixed under the anchor, inside the viewport, so no
 * overflow of the title band clips it; kept in place on scroll and resize.
 * Inside a transformed ancestor (a drawer) "fixed" is relative to that
 * ancestor: the list then checks where it landed and shifts by the difference.
 */
function usePlacement(anchor: RefObject<HTMLElement | null>, popup: RefObject<HTMLDivElement | null>, open: boolean) {
  const [place, setPlace] = useState<Place | null>(null);
  const wanted = useRef<Place | null>(null);
  const origin = useRef({ x: 0, y: 0 });
  useLayoutEffect(() => {
    const el = anchor.current;
    if (!open || !el) return;
    const measure = () => {
      const r = el.getBoundingClientRect();
      // on a phone the box is as wide as it can be: the list takes its width
      const width = window.innerWidth < NARROW ? r.width : Math.min(Math.max(r.width, MIN_WIDTH), window.innerWidth - 16);
      // wider than its box: grows to the right, or to the left when the box is near the right edge
      const left = r.left + width > window.innerWidth - 8 ? r.right - width : r.left;
      const want = { top: r.bottom + 6, left: Math.max(8, left), width };
      wanted.current = want;
      setPlace({ ...want, top: want.top - origin.current.y, left: want.left - origin.current.x });
    };
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [anchor, open]);
  useLayoutEffect(() => {
    const landed = popup.current?.getBoundingClientRect();
    const want = wanted.current;
    if (!landed || !want) return;
    const dx = landed.left - want.left;
    const dy = landed.top - want.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
    origin.current = { x: origin.current.x + dx, y: origin.current.y + dy };
    const shift = () => setPlace({ ...want, top: want.top - origin.current.y, left: want.left - origin.current.x });
    shift();
  }, [popup, place]);
  return open ? place : null;
}

/**
 * The suggestion list of a search box (ADR 0027): items as the customer
 * types, popular searches while the box is empty. A listbox the box's input
 * controls: arrows move, Enter opens the active option, Escape closes;
 * pointer presses keep the focus in the input.
 */
export function SuggestList({ link, value, anchor, onItem, onKeyword }: SearchSuggestProps & { link: SuggestLink }) {
  const typed = value.trim();
  const keyword = useDebounced(typed, DEBOUNCE_MS);
  const suggestions = useQuery(suggestQueryOptions(keyword));
  const hot = useQuery({ ...hotKeywordsQueryOptions(), enabled: typed === '' });
  const options: Option[] = typed
    ? keyword
      ? (suggestions.data ?? []).map((s) => ({ kind: 'item', ...s }))
      : []
    : (hot.data ?? []).map((kw) => ({ kind: 'keyword', kw }));

  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // a keystroke: a fresh list, nothing highlighted
    setSeen(value);
    setActive(-1);
    setDismissed(false);
  }
  const open = link.focused && !dismissed && options.length > 0;
  const current = open && active < options.length ? active : -1;
  const popup = useRef<HTMLDivElement>(null);
  const place = usePlacement(anchor, popup, open);

  const { listId, keysRef, onAria } = link;
  const optionId = (i: number) => `${listId}-${i}`;
  const activeId = current >= 0 ? optionId(current) : undefined;
  useEffect(() => onAria({ expanded: open, activeId }), [onAria, open, activeId]);
  useEffect(() => () => onAria({ expanded: false, activeId: undefined }), [onAria]);

  const choose = (o: Option) => {
    setDismissed(true);
    if (o.kind === 'item') onItem(o.rid);
    else onKeyword(o.kw);
  };
  useEffect(() => {
    keysRef.current = (e) => {
      // Enter and arrows of an input method pick its characters, not our options.
      if (e.nativeEvent.isComposing) return;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        if (options.length === 0) return;
        e.preventDefault();
        const last = options.length - 1;
        setDismissed(false);
        // the cycle passes through the input itself (-1), as in a browser's own lists
        if (e.key === 'ArrowDown') setActive(!open ? 0 : current === last ? -1 : current + 1);
        else setActive(!open ? last : current === -1 ? last : current - 1);
      } else if (e.key === 'Enter') {
        setDismissed(true);
        const option = options[current];
        if (!option) return; // the box searches what was typed
        e.preventDefault();
        e.stopPropagation();
        choose(option);
      } else if (e.key === 'Escape' && open) {
        e.preventDefault();
        setDismissed(true);
      }
    };
    return () => {
      keysRef.current = null;
    };
  });

  if (!place) return null;
  return (
    <div ref={popup} className={styles.popup} style={place}>
      {!typed && (
        <div className={styles.heading} id={`${listId}-label`}>
          热门搜索
        </div>
      )}
      <ul
        role="listbox"
        id={listId}
        className={styles.list}
        {...(typed ? { 'aria-label': '搜索建议' } : { 'aria-labelledby': `${listId}-label` })}
      >
        {options.map((o, i) => (
          <li
            key={o.kind === 'item' ? o.rid : o.kw}
            id={optionId(i)}
            role="option"
            aria-selected={i === current}
            className={i === current ? `${styles.option} ${styles.active}` : styles.option}
            // keep the focus (and the open list) in the input while the press lasts
            onMouseDown={(e) => e.preventDefault()}
            onPointerMove={() => setActive(i)}
            onClick={() => choose(o)}
          >
            {o.kind === 'item' ? (
              <>
                <span className={styles.name}>
                  <HighlightText text={o.name} keyword={typed} />
                </span>
                {o.alias && (
                  <span className={styles.alias}>
                    <HighlightText text={o.alias} keyword={typed} />
                  </span>
                )}
              </>
            ) : (
              <>
                <span className={i < 3 ? `${styles.rank} ${styles.top}` : styles.rank}>{i + 1}</span>
                <span className={styles.name}>{o.kw}</span>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
