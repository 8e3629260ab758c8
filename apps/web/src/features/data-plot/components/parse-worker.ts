/**
 * The data plot's parser off the page's main thread (ADR 0071): a file's
 * text in, its columns (transferred, not copied) and peaks out. Started by
 * parse-off-thread.ts as the plot's code is asked for.
 */
import { parseFile } from '../utils/parse-file.ts';

export interface ParseRequest {
  id: number;
  text: string;
}

self.onmessage = (e: MessageEvent<ParseRequest>) => {
  const { id, text } = e.data;
  const result = parseFile(text);
  self.postMessage({ id, result }, { transfer: result.ok ? [result.data.x.buffer, result.data.y.buffer] : [] });
};
