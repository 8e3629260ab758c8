import { lazy, Suspense } from 'react';
import { parsedOnce } from './parse-off-thread.ts';
import { PlotSkeleton } from './plot-skeleton.tsx';
import type { PlotFile } from './types.ts';

/** The performance mark the bench reads: the plot's code was asked for (the first plot on the page). */
export const PLOT_START_MARK = 'data-plot:start';

// uPlot, its styles and the chart's controls come in this chunk, fetched only when a plot is shown (the parser runs in a
// worker of its own, parse-off-thread.ts, and in this chunk where there is no worker).
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
  // The downloads and the parser's worker start beside the chunk, while rendering: an effect here would run only once the
  // chunk has arrived (React commits this tree when the lazy view below is ready). Once per file, however often this renders.
  if (typeof window !== 'undefined') for (const f of files) void parsedOnce(f);
  return (
    <Suspense fallback={<PlotSkeleton />}>
      <DataPlotView files={files} title={title} />
    </Suspense>
  );
}
