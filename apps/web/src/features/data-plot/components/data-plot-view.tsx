import { useEffect, useMemo, useState } from 'react';
import type { ParsedFile } from '../utils/parse-file.ts';
import { plotGroups } from '../utils/plot-groups.ts';
import { loadOnce } from './load-files.ts';
import { parsedNow, parsedOnce } from './parse-off-thread.ts';
import { PlotPanel, type Loaded } from './plot-panel.tsx';
import { PlotSkeleton } from './plot-skeleton.tsx';
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

function doneOf(files: PlotFile[], results: ParsedFile[]): Done {
  const done: Done = { files, loaded: [], failed: [] };
  files.forEach((file, i) => {
    const r = results[i];
    const label = labelOf(file);
    if (r?.ok) done.loaded.push({ file, label, data: r.data, peaks: r.peaks });
    else done.failed.push({ label, error: r?.error ?? '文件无法读取' });
  });
  return done;
}

/** The files' plot if every one is already downloaded and parsed (the usual case: the worker is quicker than this chunk). */
function doneNow(files: PlotFile[]): Done | null {
  const results = files.map(parsedNow);
  if (results.some((r) => r === undefined)) return null;
  performance.mark(MARKS.fetched);
  performance.mark(MARKS.parsed);
  return doneOf(files, results as ParsedFile[]);
}

/**
 * Delivered two-column data files as interactive charts (uPlot on a
 * canvas), one per kind of data (issue 21: an XRD pattern and a BET isotherm
 * never share an x axis): the files are fetched through their loaders and
 * parsed in a worker (parse-off-thread.ts), and a file that cannot be plotted is named with the reason
 * while the others still show. `files` should keep its identity between
 * renders (useMemo).
 */
export default function DataPlotView({ files, title }: { files: PlotFile[]; title: string }) {
  // Drawn in this view's first render when the files are in already; else once they are (the effect below).
  const [done, setDone] = useState<Done | null>(() => doneNow(files));
  const state = done?.files === files ? done : null;
  const [drawnCount, setDrawnCount] = useState<{ of: Done | null; n: number }>({ of: null, n: 0 });

  useEffect(() => {
    let live = true;
    void Promise.all(files.map(loadOnce)).then(() => {
      if (live) performance.mark(MARKS.fetched);
    });
    void Promise.all(files.map(parsedOnce)).then((results) => {
      if (!live) return;
      performance.mark(MARKS.parsed);
      // Already drawn from the first render: the same state is kept (a new one would draw the chart again).
      setDone((d) => (d?.files === files ? d : doneOf(files, results)));
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
        <PlotSkeleton />
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
