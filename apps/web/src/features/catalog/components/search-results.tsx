import type { ProjectType } from '@yance/contracts/catalog';
import { Empty, Segmented } from 'antd';
import { HighlightText } from '@/components/highlight-text.tsx';
import { useListParams } from '../hooks/use-list-params.ts';
import { DeviceResults } from './device-results.tsx';
import { SuggestedKeywords } from './suggested-keywords.tsx';
import styles from './search-results.module.css';

/** Keyword results with a type filter, sort, highlighted names and paging; kw comes from the URL. */
export function SearchResults({ types }: { types: ProjectType[] | undefined }) {
  const [{ kw, typeId }, update] = useListParams();
  const typeOptions = [{ label: '全部', value: 0 }, ...(types ?? []).map((t) => ({ label: t.name, value: t.id }))];

  return (
    <>
      <div className={styles.filters}>
        <Segmented options={typeOptions} value={typeId ?? 0} onChange={(v) => update({ typeId: v || undefined })} />
      </div>
      <DeviceResults
        query={{ kw, typeId }}
        summary={(total, ignored) =>
          ignored.length > 0 ? (
            <>
              没有同时含有全部关键词的项目，已略去“{ignored.join('、')}”，找到 <strong>{total}</strong> 个相关项目
            </>
          ) : (
            <>
              共找到 <strong>{total}</strong> 个与“{kw}”相关的项目
            </>
          )
        }
        renderName={(name) => <HighlightText text={name} keyword={kw} />}
        empty={
          <Empty description={`没有找到与“${kw}”相关的项目，换个关键词试试`}>
            <SuggestedKeywords label="试试" />
          </Empty>
        }
      />
    </>
  );
}
