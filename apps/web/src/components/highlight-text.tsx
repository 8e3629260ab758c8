import { Fragment } from 'react';
import { keywordRuns, normalizeSearch } from '@yance/contracts/search-terms';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Wraps every case-insensitive occurrence of each run of `keyword` in <mark>:
 * the parts search matched on their own ("BET比表面" marks BET and 比表面).
 */
export function HighlightText({ text, keyword }: { text: string; keyword: string }) {
  const runs = keywordRuns(normalizeSearch(keyword))
    .map((r) => r.text)
    .sort((a, b) => b.length - a.length);
  if (runs.length === 0) return <>{text}</>;
  const parts = text.split(new RegExp(`(${runs.map(escapeRegExp).join('|')})`, 'gi'));
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <mark key={i} style={{ background: 'rgba(255, 106, 0, 0.14)', color: 'var(--accent)', padding: 0 }}>
            {part}
          </mark>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
