import { useState } from 'react';
import styles from './cover-image.module.css';

interface CoverImageProps {
  src: string;
  alt: string;
  /** CSS aspect-ratio, e.g. "4 / 3". */
  ratio?: string;
  className?: string;
  /** Above the fold (the page's largest picture): loaded at once and first, not lazily. */
  priority?: boolean;
}

/** A fixed-ratio cover picture that falls back to a branded placeholder when missing or broken. */
export function CoverImage({ src, alt, ratio = '4 / 3', className, priority = false }: CoverImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = !src || failedSrc === src;
  return (
    <div className={className ? `${styles.box} ${className}` : styles.box} style={{ aspectRatio: ratio }}>
      {broken ? (
        <div className={styles.fallback} aria-label={alt} role="img">
          <span>{alt.slice(0, 8)}</span>
        </div>
      ) : (
        <img
          className={styles.img}
          src={src}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          onError={() => setFailedSrc(src)}
        />
      )}
    </div>
  );
}
