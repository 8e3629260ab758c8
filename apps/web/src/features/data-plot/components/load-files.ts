import type { PlotFile } from './types.ts';

/** What loading a file gave: its bytes, or why they could not be had. */
export type FileBytes = Blob | { error: string };

export const DOWNLOAD_FAILED = '文件下载失败，请稍后重试';

const started = new WeakMap<PlotFile, Promise<FileBytes>>();

/**
 * The file's bytes, fetched once per PlotFile: the lazy wrapper starts the
 * downloads while the plot's chunk is still on its way, and the parser and
 * the view take the same promise instead of asking again.
 */
export function loadOnce(file: PlotFile): Promise<FileBytes> {
  let p = started.get(file);
  if (!p) {
    p = file.load().catch((e: unknown) => ({ error: e instanceof Error && e.message ? e.message : DOWNLOAD_FAILED }));
    started.set(file, p);
  }
  return p;
}
