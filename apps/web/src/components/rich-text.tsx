import { useMemo } from 'react';
import { purifyHtml } from './purify-html.ts';
import styles from './rich-text.module.css';

interface RichTextProps {
  /** Operator HTML; it is sanitised before it reaches the DOM. */
  html: string;
  className?: string;
}

/** Shows operator-written HTML sanitised (purify-html.ts: DOMPurify in the browser, the server's pass in its render), with article typography. */
export function RichText({ html, className }: RichTextProps) {
  const clean = useMemo(() => purifyHtml(html), [html]);
  return (
    <div
      className={className ? `${styles.rich} ${className}` : styles.rich}
      // Safe: `clean` went through our allow-list (purify-html.ts).
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
