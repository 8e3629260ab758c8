import { useMemo } from 'react';
import { purifyHtml } from './purify-html.ts';
import styles from './rich-text.module.css';

interface RichTextProps {
  /** Operator HTML; it is sanitised before it reaches the DOM. */
  html: string;
  className?: string;
}

/** Shows operator-written HTML through DOMPurify (purify-html.ts), with article typography. */
export function RichText({ html, className }: RichTextProps) {
  const clean = useMemo(() => purifyHtml(html), [html]);
  return (
    <div
      className={className ? `${styles.rich} ${className}` : styles.rich}
      // Safe: `clean` went through DOMPurify with our allow-list (purify-html.ts).
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
