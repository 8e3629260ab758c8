import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize-html.ts';
import styles from './rich-text.module.css';

interface RichTextProps {
  /** Operator HTML; it is sanitised before it reaches the DOM. */
  html: string;
  className?: string;
}

/** Shows operator-written HTML through the allow-list sanitiser, with article typography. */
export function RichText({ html, className }: RichTextProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className={className ? `${styles.rich} ${className}` : styles.rich}
      // Safe: `clean` went through sanitizeHtml's allow-list.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
