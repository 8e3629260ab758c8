import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it. Lets a page
 * paint what is above the fold first and render the rest right after, so the
 * largest paint is not held up by content no one can see yet.
 */
export function useAfterPaint() {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}
