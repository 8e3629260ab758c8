import { imageSrcSet } from '@yance/contracts/media';
import type { ImgHTMLAttributes } from 'react';

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'loading' | 'fetchPriority'>;

export interface ResponsiveImgProps extends ImgProps {
  src: string;
  alt: string;
  /** How wide the picture shows, as the sizes attribute says it: "(max-width: 640px) 100vw, 380px". */
  sizes: string;
  /** The widest file the page can use (its widest slot × 2 for sharp screens). */
  maxWidth?: number;
  /** Above the fold, the page's largest picture: loaded at once and first (React preloads it in the head). */
  priority?: boolean;
  /** On the first screen but not first in line: loaded at once, at the usual priority. */
  eager?: boolean;
}

/**
 * Every picture of the shop (ADR 0031). A raster upload gets a srcset of the
 * server's sized variants (/media, AVIF or WebP where the browser takes them),
 * so a phone downloads a phone-sized file; a vector picture is one sharp file
 * at every size. Below the fold it loads lazily; width and height (or the
 * box's aspect ratio) keep its place so nothing shifts.
 */
export function ResponsiveImg({ src, sizes, maxWidth, priority = false, eager = false, decoding, ...rest }: ResponsiveImgProps) {
  const srcSet = imageSrcSet(src, maxWidth);
  // Browsers without srcset take the widest variant listed.
  const fallback = srcSet ? srcSet.split(', ').at(-1)!.split(' ')[0]! : src;
  return (
    <img
      {...rest}
      src={fallback}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      loading={priority || eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={decoding ?? (priority ? undefined : 'async')}
    />
  );
}
