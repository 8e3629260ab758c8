import { lazy, Suspense, type RefObject } from 'react';
import type { SuggestLink } from './use-search-suggest.ts';

const SuggestList = lazy(() => import('./suggest-list.tsx').then((m) => ({ default: m.SuggestList })));

export interface SearchSuggestProps {
  /** From useSearchSuggest; null until the box was focused or hovered. */
  link: SuggestLink | null;
  /** What the box holds now. */
  value: string;
  /** The element the list opens under (the box's outline). */
  anchor: RefObject<HTMLElement | null>;
  /** An item was chosen: open its page. */
  onItem: (rid: string) => void;
  /** A popular search was chosen: search it. */
  onKeyword: (kw: string) => void;
}

/** Suggestions under a search box (ADR 0027); the list's code loads on the box's first focus or hover, not with the page. */
export function SearchSuggest({ link, ...rest }: SearchSuggestProps) {
  if (!link) return null;
  return (
    <Suspense fallback={null}>
      <SuggestList link={link} {...rest} />
    </Suspense>
  );
}
