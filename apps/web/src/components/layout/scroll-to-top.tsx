import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec §2: scroll returns to the top on every navigation (path or query change). */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
