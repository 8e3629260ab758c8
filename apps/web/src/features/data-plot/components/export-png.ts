import uPlot from 'uplot';

/**
 * The chart as a PNG: its canvas (axes, lines, peak labels) on white, with
 * the title above and the shown series' names and colours below, since the
 * legend is HTML and not on the canvas.
 */
export function chartPng(u: uPlot, title: string, colors: readonly string[]): Promise<Blob> {
  const src = u.ctx.canvas;
  const r = uPlot.pxRatio;
  const pad = 12 * r;
  const line = 20 * r;
  // uPlot keeps a series' stroke as a function once built, so the colours come from the caller.
  const shown = u.series.slice(1).flatMap((s, i) => (s.show ? [{ label: String(s.label ?? ''), color: colors[i] ?? '#000' }] : []));
  const out = document.createElement('canvas');
  const ctx = out.getContext('2d');
  if (!ctx) return Promise.reject(new Error('浏览器不支持导出图片'));
  const font = (px: number, weight = '') =>
    `${weight} ${px * r}px system-ui, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif`;

  // Lay the legend out in rows that fit the width.
  ctx.font = font(12);
  const rows: { label: string; color: string; x: number }[][] = [[]];
  let x = pad;
  for (const s of shown) {
    const { label, color } = s;
    const w = 24 * r + ctx.measureText(label).width + 16 * r;
    if (x + w > src.width - pad && x > pad) {
      rows.push([]);
      x = pad;
    }
    rows[rows.length - 1]?.push({ label, color, x });
    x += w;
  }
  const head = title ? 32 * r : pad;
  out.width = src.width;
  out.height = head + src.height + rows.length * line + pad;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, out.width, out.height);
  if (title) {
    ctx.fillStyle = '#222';
    ctx.font = font(15, '600');
    ctx.textBaseline = 'middle';
    ctx.fillText(title, pad, 16 * r, out.width - 2 * pad);
  }
  ctx.drawImage(src, 0, head);
  ctx.font = font(12);
  ctx.textBaseline = 'middle';
  rows.forEach((row, i) => {
    const cy = head + src.height + i * line + line / 2;
    for (const item of row) {
      ctx.strokeStyle = item.color;
      ctx.lineWidth = 2 * r;
      ctx.beginPath();
      ctx.moveTo(item.x, cy);
      ctx.lineTo(item.x + 18 * r, cy);
      ctx.stroke();
      ctx.fillStyle = '#333';
      ctx.fillText(item.label, item.x + 24 * r, cy);
    }
  });
  return new Promise((resolve, reject) => out.toBlob((b) => (b ? resolve(b) : reject(new Error('图片生成失败'))), 'image/png'));
}

/** Hands a blob to the browser as a download. */
export function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
