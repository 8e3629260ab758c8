import { Skeleton } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { loadOnce } from './load-files.ts';
import type { PlotFile } from './types.ts';

/** The performance mark the bench reads: the plot's code was asked for (the first plot on the page). */
export const PLOT_START_MARK = 'data-plot:start';

// uPlot, its styles, the parser and the peak finder come in this chunk, fetched only when a plot is shown.
const DataPlotView = lazy(() => {
  performance.mark(PLOT_START_MARK);
  return import('./data-plot-view.tsx');
});

/**
 * Interactive plot of delivered two-column data files (XRD, Raman, FTIR,
 * UV-Vis, TGA …); its code loads on first use. `files` should keep its
 * identity between renders (useMemo), or the files are fetched again.
 */
export function DataPlot({ files, title }: { files: PlotFile[]; title: string }) {
  // The downloads start beside the chunk's, not after it.
  useEffect(() => files.forEach((f) => void loadOnce(f)), [files]);
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 300 }} />}>
      <DataPlotView files={files} title={title} />
    </Suspense>
  );
}
