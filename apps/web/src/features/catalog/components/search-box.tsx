import { Input } from 'antd';
import { useState } from 'react';

interface SearchBoxProps {
  initial: string;
  onSearch: (kw: string) => void;
}

/** The big keyword box on the search page; submitting an empty box is allowed (shows suggestions). */
export function SearchBox({ initial, onSearch }: SearchBoxProps) {
  const [value, setValue] = useState(initial);
  return (
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
      // the brand-blue default button would vanish into the blue hero band
      styles={{
        root: { maxWidth: 640, marginTop: 16 },
        button: { root: { background: 'var(--accent)', borderColor: 'var(--accent)', minWidth: 88 } },
      }}
    />
  );
}
