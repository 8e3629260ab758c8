import { Button, Checkbox, Segmented, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import 'uplot/dist/uPlot.min.css';
import { alignSeries } from '../utils/align-series.ts';
import { findPeaks, type Peak } from '../utils/peaks.ts';
import { parseXy, type XyData } from '../utils/xy-data.ts';
import { createChart, type Chart, type DragMode } from './chart.ts';
import { decimalsFor, seriesColors } from './chart-format.ts';
import { chartPng, download } from './export-png.ts';
import { loadOnce, type FileText } from './load-files.ts';
import type { PlotFile } from './types.ts';
import styles from './data-plot.module.css';

interface Loaded {
  file: PlotFile;
  label: string;
  data: XyData;
  peaks: Peak[];
}
/** What the files of one `files` list gave (the list kept to tell a newer list, still loading, from it). */
interface Done {
  files: PlotFile[];
  loaded: Loaded[];
  failed: { label: string; error: string }[];
}

/** Performance marks the bench reads: the files are fetched, parsed, and the chart's first frame is on the canvas. */
export const MARKS = { fetched: 'data-plot:fetched', parsed: 'data-plot:parsed', firstDraw: 'data-plot:first-draw' } as const;

const labelOf = (f: PlotFile) => (f.sampleNo ? `${f.sampleNo} · ${f.name}` : f.name);
const spanOf = (x: Float64Array) => (x[x.length - 1] ?? 0) - (x[0] ?? 0);
const heightFor = (width: number) => (width < 600 ? 260 : 380);
const common = (labels: (string | null)[], fallback: string) => {
  const first = labels[0];
  return first && labels.every((l) => l === first) ? first : fallback;
};

function parseOne(file: PlotFile, text: FileText): Loaded | { label: string; error: string } {
  const label = labelOf(file);
  if (typeof text !== 'string') return { label, error: text.error };
  const parsed = parseXy(text);
  if (!parsed.ok) return { label, error: parsed.error };
  const span = spanOf(parsed.data.x);
  return {
    file,
    label,
    data: parsed.data,
    peaks: findPeaks(parsed.data.x, parsed.data.y, { top: 8, minDistance: span / 500 }),
  };
}

/**
 * Delivered two-column data files as one interactive chart (uPlot on a
 * canvas): the files are fetched through their loaders and parsed here, and
 * a file that cannot be plotted is named with the reason while the others
 * still show. `files` should keep its identity between renders (useMemo).
 */
export default function DataPlotView({ files, title }: { files: PlotFile[]; title: string }) {
  const [done, setDone] = useState<Done | null>(null);
  const state = done?.files === files ? done : null;
  const [mode, setMode] = useState<DragMode>('zoom');
  const [peaks, setPeaks] = useState(true);
  const [drawn, setDrawn] = useState(false);
  const [exporting, setExporting] = useState(false);
  const target = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);

  useEffect(() => {
    let live = true;
    void Promise.all(files.map(loadOnce)).then((texts) => {
      if (!live) return;
      performance.mark(MARKS.fetched);
      const results = files.map((f, i) => parseOne(f, texts[i] ?? { error: '文件下载失败，请稍后重试' }));
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

  useEffect(() => {
    const el = target.current;
    if (!state || state.loaded.length === 0 || !el) return;
    const { x, ys } = alignSeries(state.loaded.map((l) => l.data));
    const width = el.clientWidth;
    const c = createChart(el, {
      x,
      series: state.loaded.map((l, i) => ({
        label: l.label,
        color: seriesColors(i + 1)[i] as string,
        y: ys[i] ?? [],
        peaks: l.peaks,
      })),
      xLabel: common(
        state.loaded.map((l) => l.data.xLabel),
        '横坐标',
      ),
      yLabel: common(
        state.loaded.map((l) => l.data.yLabel),
        '纵坐标',
      ),
      width,
      height: heightFor(width),
      onFirstDraw: () => {
        performance.mark(MARKS.firstDraw);
        setDrawn(true);
      },
    });
    chart.current = c;
    let last = width;
    const resized = new ResizeObserver(() => {
      const w = el.clientWidth;
      if (w === last || w === 0) return;
      last = w;
      c.resize(w, heightFor(w));
    });
    resized.observe(el);
    return () => {
      resized.disconnect();
      c.destroy();
      chart.current = null;
    };
  }, [state]);

  useEffect(() => chart.current?.setMode(mode), [mode, drawn]);
  useEffect(() => chart.current?.setPeaks(peaks), [peaks, drawn]);

  const exportPng = async () => {
    const c = chart.current;
    if (!c) return;
    setExporting(true);
    try {
      download(await chartPng(c.plot, title, seriesColors(c.plot.series.length - 1)), `${title.replace(/[\\/:*?"<>|]+/g, '_')}.png`);
    } finally {
      setExporting(false);
    }
  };

  if (!state)
    return (
      <div className={styles.plot} aria-busy="true">
        <Skeleton.Node active style={{ width: '100%', height: 300 }} />
        <span className={styles.hint}>正在载入 {files.length} 个数据文件…</span>
      </div>
    );
  const { loaded, failed } = state;
  const points = loaded.reduce((n, l) => n + l.data.x.length, 0);
  const skipped = loaded.filter((l) => l.data.skipped > 0);
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
      {loaded.length > 0 && (
        <>
          <div className={styles.toolbar}>
            <Segmented<DragMode>
              size="small"
              value={mode}
              onChange={setMode}
              options={[
                { label: '框选缩放', value: 'zoom' },
                { label: '拖动平移', value: 'pan' },
              ]}
            />
            <Button size="small" onClick={() => chart.current?.reset()}>
              复原
            </Button>
            <Checkbox checked={peaks} onChange={(e) => setPeaks(e.target.checked)}>
              标峰
            </Checkbox>
            <Button size="small" onClick={() => void exportPng()} loading={exporting} disabled={!drawn}>
              导出 PNG
            </Button>
            <span className={styles.hint}>滚轮缩放 · 双击复原 · 点图例名称隐藏或显示</span>
          </div>
          <div ref={target} className={styles.chart} data-testid="data-plot-chart" />
          <figcaption className={styles.hint}>
            {loaded.length} 个文件，共 {points.toLocaleString('zh-CN')} 个数据点
            {skipped.length > 0 && `；${skipped.map((l) => `${l.label} 有 ${l.data.skipped} 行不是两列数值，已跳过`).join('；')}`}
          </figcaption>
          {peaks && (
            <ul className={styles.peaks} data-testid="data-plot-peaks">
              {loaded.map((l, i) => (
                <li key={String(l.file.id)}>
                  <span className={styles.swatch} style={{ background: seriesColors(i + 1)[i] }} />
                  {l.label} 峰位：
                  {l.peaks.length ? l.peaks.map((p) => p.x.toFixed(decimalsFor(spanOf(l.data.x)))).join('、') : '未找到明显的峰'}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </figure>
  );
}
