import type { PlotFile } from './types.ts';

/** What loading a file gave: its text, or why it could not be had. */
export type FileText = string | { error: string };

const started = new WeakMap<PlotFile, Promise<FileText>>();

/**
 * The file's text, fetched once per PlotFile: the lazy wrapper starts the
 * downloads while the plot's chunk is still on its way, and the view takes
 * the same promises instead of asking again.
 */
export function loadOnce(file: PlotFile): Promise<FileText> {
  let p = started.get(file);
  if (!p) {
    p = file.load().catch((e: unknown) => ({ error: e instanceof Error && e.message ? e.message : '文件下载失败，请稍后重试' }));
    started.set(file, p);
  }
  return p;
}
