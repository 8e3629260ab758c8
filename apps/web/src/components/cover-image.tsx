import { useState } from 'react';
import styles from './cover-image.module.css';

interface CoverImageProps {
  src: string;
  alt: string;
  /** CSS aspect-ratio, e.g. "4 / 3". */
  ratio?: string;
  className?: string;
}

/** A fixed-ratio cover picture that falls back to a branded placeholder when missing or broken. */
export function CoverImage({ src, alt, ratio = '4 / 3', className }: CoverImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = !src || failedSrc === src;
  return (
    <div className={className ? `${styles.box} ${className}` : styles.box} style={{ aspectRatio: ratio }}>
      {broken ? (
        <div className={styles.fallback} aria-label={alt} role="img">
          <span>{alt.slice(0, 8)}</span>
        </div>
      ) : (
        <img className={styles.img} src={src} alt={alt} loading="lazy" onError={() => setFailedSrc(src)} />
      )}
    </div>
  );
}
