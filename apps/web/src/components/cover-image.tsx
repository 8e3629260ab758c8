import { useState } from 'react';
import { ResponsiveImg } from './responsive-img.tsx';
import styles from './cover-image.module.css';

interface CoverImageProps {
  src: string;
  alt: string;
  /** CSS aspect-ratio, e.g. "4 / 3". */
  ratio?: string;
  className?: string;
  /** How wide the picture shows (the sizes attribute), for raster pictures' sized variants. */
  sizes: string;
  /** The widest file the page can use (widest slot × 2). */
  maxWidth?: number;
  /** On the first screen but not the page's largest picture: loaded at once (not lazily). */
  eager?: boolean;
  /** Above the fold (the page's largest picture): loaded at once and first, not lazily. */
  priority?: boolean;
}

/** A fixed-ratio cover picture that falls back to a branded placeholder when missing or broken. */
export function CoverImage({ src, alt, ratio = '4 / 3', className, sizes, maxWidth, priority = false, eager = false }: CoverImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = !src || failedSrc === src;
  return (
    <div className={className ? `${styles.box} ${className}` : styles.box} style={{ aspectRatio: ratio }}>
      {broken ? (
        <div className={styles.fallback} aria-label={alt} role="img">
          <span>{alt.slice(0, 8)}</span>
        </div>
      ) : (
        <ResponsiveImg
          className={styles.img}
          src={src}
          alt={alt}
          sizes={sizes}
          maxWidth={maxWidth}
          priority={priority}
          eager={eager}
          onError={() => setFailedSrc(src)}
        />
      )}
    </div>
  );
}
