/**
 * The data plot's parser off the page's main thread (ADR 0071): a file's
 * bytes in (a Blob: nothing copied on the way), decoded and parsed here; its
 * columns (transferred, not copied) and peaks out. Started by
 * parse-off-thread.ts as the plot's code is asked for.
 */
import { parseFile } from '../utils/parse-file.ts';

export interface ParseRequest {
  id: number;
  bytes: Blob;
}

self.onmessage = async (e: MessageEvent<ParseRequest>) => {
  const { id, bytes } = e.data;
  const result = parseFile(await bytes.text());
  self.postMessage({ id, result }, { transfer: result.ok ? [result.data.x.buffer, result.data.y.buffer] : [] });
};
