import uPlot from 'uplot';
import type { Peak } from '../utils/peaks.ts';
import { decimalsFor, formatValue } from './chart-format.ts';

export interface ChartSeries {
  label: string;
  color: string;
  y: Float64Array | (number | null)[];
  peaks: Peak[];
}

export interface ChartSpec {
  x: Float64Array;
  series: ChartSeries[];
  xLabel: string;
  yLabel: string;
  width: number;
  height: number;
  /** Called once, after the first frame is on the canvas. */
  onFirstDraw: () => void;
}

export type DragMode = 'zoom' | 'pan';

export interface Chart {
  readonly plot: uPlot;
  setMode(mode: DragMode): void;
  setPeaks(show: boolean): void;
  reset(): void;
  resize(width: number, height: number): void;
  destroy(): void;
}

/** The nearest non-null value to index i, within 200 points either side. */
function nearest(ys: ArrayLike<number | null | undefined> | undefined, i: number): number | null {
  if (!ys) return null;
  for (let d = 1; d <= 200; d++) {
    const left = ys[i - d];
    if (left !== null && left !== undefined) return left;
    const right = ys[i + d];
    if (right !== null && right !== undefined) return right;
  }
  return null;
}

const AXIS = { stroke: '#555', grid: { stroke: '#eee', width: 1 }, ticks: { stroke: '#ccc', width: 1 } };

/**
 * A uPlot line chart with what reading a spectrum needs: drag-box or wheel
 * zoom, pan, values of every series under the cursor (the legend; clicking a
 * name hides or shows it), and the most prominent peaks marked with their x.
 */
export function createChart(target: HTMLElement, spec: ChartSpec): Chart {
  const xMin = spec.x[0] ?? 0;
  const xMax = spec.x[spec.x.length - 1] ?? 1;
  const xDecimals = decimalsFor(xMax - xMin);
  let yDecimals = 2;
  let mode: DragMode = 'zoom';
  let showPeaks = true;
  let drawn = false;

  const setX = (u: uPlot, min: number, max: number) => {
    const span = Math.min(max - min, xMax - xMin);
    if (min < xMin) [min, max] = [xMin, xMin + span];
    if (max > xMax) [min, max] = [xMax - span, xMax];
    u.setScale('x', { min, max });
  };

  const wheelAndPan = (u: uPlot) => {
    const over = u.over;
    over.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        const min = u.scales.x?.min ?? xMin;
        const max = u.scales.x?.max ?? xMax;
        const at = u.posToVal(e.clientX - over.getBoundingClientRect().left, 'x');
        const f = e.deltaY < 0 ? 0.8 : 1.25;
        if (f > 1 && max - min >= xMax - xMin) return;
        setX(u, at - (at - min) * f, at + (max - at) * f);
      },
      { passive: false },
    );
    let from: { px: number; min: number; max: number } | null = null;
    over.addEventListener('pointerdown', (e) => {
      if (mode !== 'pan' || e.button !== 0) return;
      e.preventDefault();
      over.setPointerCapture(e.pointerId);
      from = { px: e.clientX, min: u.scales.x?.min ?? xMin, max: u.scales.x?.max ?? xMax };
    });
    over.addEventListener('pointermove', (e) => {
      if (!from) return;
      const perPx = (from.max - from.min) / over.clientWidth;
      const dx = (from.px - e.clientX) * perPx;
      setX(u, from.min + dx, from.max + dx);
    });
    const end = () => {
      from = null;
    };
    over.addEventListener('pointerup', end);
    over.addEventListener('pointercancel', end);
  };

  const drawPeaks = (u: uPlot) => {
    if (!showPeaks) return;
    const ctx = u.ctx;
    const r = uPlot.pxRatio;
    const { left, top, width, height } = u.bbox;
    const min = u.scales.x?.min ?? xMin;
    const max = u.scales.x?.max ?? xMax;
    const taken: [number, number][] = [];
    ctx.save();
    ctx.beginPath();
    ctx.rect(left, top, width, height);
    ctx.clip();
    ctx.font = `${11 * r}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    spec.series.forEach((s, k) => {
      if (!u.series[k + 1]?.show) return;
      const visible = s.peaks.filter((p) => p.x >= min && p.x <= max).sort((a, b) => b.prominence - a.prominence);
      for (const p of visible) {
        const cx = u.valToPos(p.x, 'x', true);
        const cy = u.valToPos(p.y, 'y', true);
        ctx.fillStyle = s.color;
        ctx.beginPath();
        ctx.moveTo(cx, cy - 3 * r);
        ctx.lineTo(cx - 4 * r, cy - 10 * r);
        ctx.lineTo(cx + 4 * r, cy - 10 * r);
        ctx.closePath();
        ctx.fill();
        const text = p.x.toFixed(xDecimals);
        const w = ctx.measureText(text).width;
        const box: [number, number] = [cx - w / 2 - 2 * r, cx + w / 2 + 2 * r];
        if (taken.some(([a, b]) => box[0] < b && box[1] > a)) continue;
        taken.push(box);
        ctx.fillText(text, cx, Math.max(top + 12 * r, cy - 12 * r));
      }
    });
    ctx.restore();
  };

  const opts: uPlot.Options = {
    width: spec.width,
    height: spec.height,
    pxAlign: false,
    scales: { x: { time: false } },
    cursor: { drag: { x: true, y: false, setScale: true }, points: { size: 6 } },
    legend: { live: true },
    series: [
      { label: spec.xLabel || 'x', value: (_u, v) => formatValue(v, xDecimals + 1) },
      ...spec.series.map((s): uPlot.Series => ({
        label: s.label,
        stroke: s.color,
        // One CSS pixel: at a device pixel ratio of 1 the canvas strokes it as a hairline, ten times faster to raster than
        // the 1.25 it was (a 100 000-point pattern's first frame, ADR 0071); on a phone's 2–3× screen it is as fine as before.
        width: 1,
        spanGaps: true,
        points: { show: false },
        // On a merged grid a sample has no point at most of another's x: show its nearest one.
        value: (u, v, si, idx) => formatValue(v ?? (idx === null ? null : nearest(u.data[si], idx)), yDecimals),
      })),
    ],
    axes: [
      { ...AXIS, label: spec.xLabel, labelSize: 20 },
      { ...AXIS, label: spec.yLabel, labelSize: 20, size: 64 },
    ],
    hooks: {
      setScale: [
        (u, key) => {
          if (key !== 'y') return;
          yDecimals = decimalsFor((u.scales.y?.max ?? 1) - (u.scales.y?.min ?? 0));
        },
      ],
      draw: [
        (u) => {
          drawPeaks(u);
          if (!drawn) {
            drawn = true;
            spec.onFirstDraw();
          }
        },
      ],
      ready: [wheelAndPan],
    },
  };

  const plot = new uPlot(opts, [spec.x, ...spec.series.map((s) => s.y)] as uPlot.AlignedData, target);
  return {
    plot,
    setMode(next) {
      mode = next;
      if (plot.cursor.drag) plot.cursor.drag.x = next === 'zoom';
      plot.over.style.cursor = next === 'pan' ? 'grab' : '';
      plot.over.style.touchAction = next === 'pan' ? 'none' : '';
    },
    setPeaks(show) {
      showPeaks = show;
      plot.redraw(false);
    },
    reset() {
      plot.setScale('x', { min: xMin, max: xMax });
    },
    resize(width, height) {
      plot.setSize({ width, height });
    },
    destroy() {
      plot.destroy();
    },
  };
}
