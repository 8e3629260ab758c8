import { Input } from 'antd';
import { useRef, useState } from 'react';
import { SuggestList } from '@/components/search-suggest/suggest-list.tsx';
import { useSearchSuggest } from '@/components/search-suggest/use-search-suggest.ts';

interface SearchBoxProps {
  initial: string;
  onSearch: (kw: string) => void;
  /** A suggested item was chosen. */
  onItem: (rid: string) => void;
}

/** The big keyword box on the search page, with suggestions as one types; submitting an empty box is allowed (shows suggestions). */
export function SearchBox({ initial, onSearch, onItem }: SearchBoxProps) {
  const [value, setValue] = useState(initial);
  const anchor = useRef<HTMLDivElement>(null);
  const suggest = useSearchSuggest();
  return (
    <div ref={anchor} style={{ maxWidth: 640, marginTop: 16 }} {...suggest.wrapperProps}>
      <Input.Search
        size="large"
        value={value}
        maxLength={50}
        allowClear
        enterButton="搜索"
        placeholder="输入项目名称或缩写，如 XRD、扫描电镜、BET"
        aria-label="搜索检测项目"
        onChange={(e) => setValue(e.target.value)}
        onSearch={(v) => onSearch(v.trim())}
        {...suggest.inputProps}
        // the brand-blue default button would vanish into the blue hero band
        styles={{ button: { root: { background: 'var(--accent)', borderColor: 'var(--accent)', minWidth: 88 } } }}
      />
      {/* this page is a chunk of its own already: the list comes with it, not on demand as in the header */}
      {suggest.link && (
        <SuggestList
          link={suggest.link}
          value={value}
          anchor={anchor}
          onItem={onItem}
          onKeyword={(kw) => {
            setValue(kw);
            onSearch(kw);
          }}
        />
      )}
    </div>
  );
}
