import { Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { parseFile, type ParsedFile } from '../utils/parse-file.ts';
import { plotGroups } from '../utils/plot-groups.ts';
import { loadOnce, type FileText } from './load-files.ts';
import { parsedOnce } from './parse-off-thread.ts';
import { PlotPanel, type Loaded } from './plot-panel.tsx';
import type { PlotFile } from './types.ts';
import styles from './data-plot.module.css';

/** What the files of one `files` list gave (the list kept to tell a newer list, still loading, from it). */
interface Done {
  files: PlotFile[];
  loaded: Loaded[];
  failed: { label: string; error: string }[];
}

/** Performance marks the bench reads: the files are fetched, parsed, and the chart's first frame is on the canvas. */
export const MARKS = { fetched: 'data-plot:fetched', parsed: 'data-plot:parsed', firstDraw: 'data-plot:first-draw' } as const;

const labelOf = (f: PlotFile) => (f.sampleNo ? `${f.sampleNo} · ${f.name}` : f.name);

/** What one file gave: its worker's answer, else its text parsed here (no worker in this browser, or it failed). */
function resultOf(
  file: PlotFile,
  text: FileText | undefined,
  offThread: ParsedFile | null | undefined,
): Loaded | { label: string; error: string } {
  const label = labelOf(file);
  if (typeof text !== 'string') return { label, error: text?.error ?? '文件下载失败，请稍后重试' };
  const parsed = offThread ?? parseFile(text);
  if (!parsed.ok) return { label, error: parsed.error };
  return { file, label, data: parsed.data, peaks: parsed.peaks };
}

/**
 * Delivered two-column data files as interactive charts (uPlot on a
 * canvas), one per kind of data (issue 21: an XRD pattern and a BET isotherm
 * never share an x axis): the files are fetched through their loaders and
 * parsed here, and a file that cannot be plotted is named with the reason
 * while the others still show. `files` should keep its identity between
 * renders (useMemo).
 */
export default function DataPlotView({ files, title }: { files: PlotFile[]; title: string }) {
  const [done, setDone] = useState<Done | null>(null);
  const state = done?.files === files ? done : null;
  const [drawnCount, setDrawnCount] = useState<{ of: Done | null; n: number }>({ of: null, n: 0 });

  useEffect(() => {
    let live = true;
    void Promise.all(files.map(loadOnce)).then(async (texts) => {
      if (!live) return;
      performance.mark(MARKS.fetched);
      const offThread = await Promise.all(files.map(parsedOnce));
      if (!live) return;
      const results = files.map((f, i) => resultOf(f, texts[i], offThread[i]));
      performance.mark(MARKS.parsed);
      setDone({
        files,
        loaded: results.filter((r): r is Loaded => 'data' in r),
        failed: results.filter((r): r is { label: string; error: string } => 'error' in r),
      });
    });
    return () => {
      live = false;
    };
  }, [files]);

  const groups = useMemo(
    () => (state ? plotGroups(state.loaded.map((l) => l.data)).map((g) => g.map((i) => state.loaded[i]!)) : []),
    [state],
  );
  const drawn = state !== null && drawnCount.of === state && drawnCount.n >= groups.length && groups.length > 0;
  const onDrawn = () => {
    performance.mark(MARKS.firstDraw);
    setDrawnCount((d) => (d.of === state ? { of: state, n: d.n + 1 } : { of: state, n: 1 }));
  };

  if (!state)
    return (
      <div className={styles.plot} aria-busy="true">
        <Skeleton.Node active style={{ width: '100%', height: 300 }} />
        <span className={styles.hint}>正在载入 {files.length} 个数据文件…</span>
      </div>
    );
  const { failed } = state;
  return (
    <figure className={styles.plot} data-testid="data-plot" data-drawn={drawn ? 'true' : undefined} style={{ margin: 0 }}>
      {failed.length > 0 && (
        <ul className={styles.problems} data-testid="data-plot-problems">
          {failed.map((f) => (
            <li key={f.label}>
              {f.label}：{f.error}
            </li>
          ))}
        </ul>
      )}
      {groups.map((g, i) => (
        <PlotPanel
          key={g.map((l) => String(l.file.id)).join('|')}
          loaded={g}
          title={groups.length > 1 ? `${title}（${i + 1}）` : title}
          onDrawn={onDrawn}
        />
      ))}
    </figure>
  );
}
