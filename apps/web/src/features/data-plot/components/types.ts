/** One delivered data file to plot: `load` fetches its text (the order detail passes the authenticated download). */
export interface PlotFile {
  id: string | number;
  name: string;
  sampleNo?: string | null;
  load: () => Promise<string>;
}
