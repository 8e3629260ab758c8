import { useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

/** Keys the open suggestion list handles before the input does (arrows, Enter on an option, Escape). */
export type SuggestKeys = (e: KeyboardEvent<HTMLElement>) => void;

/** What the list tells the box, for the combobox's ARIA state. */
export interface SuggestAria {
  expanded: boolean;
  activeId: string | undefined;
}

/** What the lazily loaded list needs from its box. */
export interface SuggestLink {
  listId: string;
  focused: boolean;
  keysRef: RefObject<SuggestKeys | null>;
  onAria: (aria: SuggestAria) => void;
}

/**
 * The small, eagerly loaded half of a search box's suggestions: ARIA and
 * focus state for the input, and `link`, set once the box is focused or
 * hovered, to hand to <SearchSuggest>, which loads the list itself on demand.
 */
export function useSearchSuggest() {
  const listId = useId();
  const [armed, setArmed] = useState(false);
  const [focused, setFocused] = useState(false);
  const [aria, setAria] = useState<SuggestAria>({ expanded: false, activeId: undefined });
  const keysRef = useRef<SuggestKeys | null>(null);
  return {
    /** Spread on the text input. */
    inputProps: {
      role: 'combobox',
      autoComplete: 'off',
      'aria-autocomplete': 'list',
      'aria-expanded': aria.expanded,
      'aria-controls': aria.expanded ? listId : undefined,
      'aria-activedescendant': aria.activeId,
      onFocus: () => {
        setArmed(true);
        setFocused(true);
      },
      onBlur: () => setFocused(false),
    } as const,
    /** Spread on an element around the input: it sees keys before the input's own handlers (antd's Enter). */
    wrapperProps: {
      onKeyDownCapture: (e: KeyboardEvent<HTMLElement>) => keysRef.current?.(e),
      // start loading the list as the pointer comes near, so it is there by the first keystroke
      onPointerEnter: () => setArmed(true),
    },
    link: armed ? ({ listId, focused, keysRef, onAria: setAria } satisfies SuggestLink) : null,
  };
}
