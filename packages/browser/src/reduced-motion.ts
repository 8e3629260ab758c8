import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

let list: MediaQueryList | null | undefined;
/** The one query list of this page (none in the server render). */
const media = () => (list ??= typeof window === 'undefined' || !window.matchMedia ? null : window.matchMedia(QUERY));

const subscribe = (onChange: () => void) => {
  const query = media();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};

/**
 * Whether the visitor's system asks for less motion (WCAG 2.3.3): antd's opening, closing and sliding animations are
 * then off (the theme's `motion` token), and nothing moves by itself. Follows the setting when it changes; false in the
 * server render, which has no visitor (the page animates until it knows).
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}
