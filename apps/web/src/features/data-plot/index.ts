// The data plot's front door (ADR 0059): what another feature may use of it.
export { DataPlot } from './components/lazy-data-plot.tsx';
export type { PlotFile } from './components/types.ts';
export { isPlottableName } from './utils/xy-data.ts';
