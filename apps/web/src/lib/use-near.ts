import { useEffect, useRef, useState } from 'react';

/**
 * False until the element scrolls within `margin` of the viewport, then true
 * for good: lets a part load its heavy code (a QR encoder, swiper) only when
 * it is about to be seen. False on the server and the first render.
 */
export function useNear<T extends Element>(margin = '200px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: margin });
    io.observe(el);
    return () => io.disconnect();
  }, [near, margin]);
  return [ref, near] as const;
}
