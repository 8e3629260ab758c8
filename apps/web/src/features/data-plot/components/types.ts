/**
 * One delivered data file to plot: `load` fetches its bytes (the order detail passes the authenticated download), which
 * the plot's worker decodes and parses off the page's main thread (ADR 0071).
 */
export interface PlotFile {
  id: string | number;
  name: string;
  sampleNo?: string | null;
  load: () => Promise<Blob>;
}
