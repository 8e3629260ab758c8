import { Button, Checkbox, Segmented } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import 'uplot/dist/uPlot.min.css';
import { alignSeries } from '../utils/align-series.ts';
import { axisName } from '../utils/plot-groups.ts';
import type { Peak } from '../utils/peaks.ts';
import type { XyData } from '../utils/xy-data.ts';
import { createChart, type Chart, type DragMode } from './chart.ts';
import { decimalsFor, seriesColors } from './chart-format.ts';
import { chartPng, download } from './export-png.ts';
import type { PlotFile } from './types.ts';
import styles from './data-plot.module.css';

export interface Loaded {
  file: PlotFile;
  label: string;
  data: XyData;
  peaks: Peak[];
}

const spanOf = (x: Float64Array) => (x[x.length - 1] ?? 0) - (x[0] ?? 0);
const heightFor = (width: number) => (width < 600 ? 260 : 380);

/**
 * One plot: files of one kind of data on one x axis (issue 21), the axes
 * named from the files' headers, with its own zoom, peaks and PNG export.
 */
export function PlotPanel({ loaded, title, onDrawn }: { loaded: Loaded[]; title: string; onDrawn: () => void }) {
  const [mode, setMode] = useState<DragMode>('zoom');
  const [peaks, setPeaks] = useState(true);
  const [drawn, setDrawn] = useState(false);
  const [exporting, setExporting] = useState(false);
  const target = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const xName = axisName(loaded.map((l) => l.data.xLabel));
  const yName = axisName(loaded.map((l) => l.data.yLabel));
  const drawnRef = useRef(onDrawn);
  useEffect(() => {
    drawnRef.current = onDrawn;
  }, [onDrawn]);

  // In the commit, before the browser paints: the chart's first frame comes with the panel's, not a frame later.
  useLayoutEffect(() => {
    const el = target.current;
    if (!el) return;
    const { x, ys } = alignSeries(loaded.map((l) => l.data));
    const width = el.clientWidth;
    const c = createChart(el, {
      x,
      series: loaded.map((l, i) => ({
        label: l.label,
        color: seriesColors(i + 1)[i] as string,
        y: ys[i] ?? [],
        peaks: l.peaks,
      })),
      // A file without a header names no column: its axis stays without a name rather than a made-up one.
      xLabel: xName ?? '',
      yLabel: yName ?? '',
      width,
      height: heightFor(width),
      onFirstDraw: () => {
        setDrawn(true);
        drawnRef.current();
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
  }, [loaded, xName, yName]);

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

  const points = loaded.reduce((n, l) => n + l.data.x.length, 0);
  const skipped = loaded.filter((l) => l.data.skipped > 0);
  return (
    <div className={styles.panel} data-testid="data-plot-panel">
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
      {(xName || yName) && (
        <div className={styles.hint} data-testid="data-plot-axes">
          横轴：{xName ?? '（文件未标注）'} · 纵轴：{yName ?? '（文件未标注）'}
        </div>
      )}
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
    </div>
  );
}
