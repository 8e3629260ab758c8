import type { ParsedFile } from '../utils/parse-file.ts';
import { loadOnce } from './load-files.ts';
import type { ParseRequest } from './parse-worker.ts';
import type { PlotFile } from './types.ts';

let worker: Worker | null = null;
let failed = false;
let nextId = 1;
/** Files asked for and not yet answered (downloading or parsing): the worker goes when there are none. */
let busy = 0;
const waiting = new Map<number, (r: ParsedFile | null) => void>();
const parsed = new WeakMap<PlotFile, Promise<ParsedFile | null>>();

/** Every file still waiting gets null (its view parses it itself), and no worker is tried again on this page. */
function giveUp() {
  failed = true;
  worker?.terminate();
  worker = null;
  for (const resolve of waiting.values()) resolve(null);
  waiting.clear();
}

function theWorker(): Worker | null {
  if (failed || typeof Worker === 'undefined') return null;
  if (worker) return worker;
  try {
    worker = new Worker(new URL('./parse-worker.ts', import.meta.url), { type: 'module', name: 'data-plot-parser' });
  } catch {
    giveUp();
    return null;
  }
  worker.onmessage = (e: MessageEvent<{ id: number; result: ParsedFile }>) => {
    waiting.get(e.data.id)?.(e.data.result);
    waiting.delete(e.data.id);
  };
  worker.onerror = giveUp;
  worker.onmessageerror = giveUp;
  return worker;
}

function done() {
  if (--busy > 0 || !worker) return;
  // Idle: the thread goes; the next plot starts another.
  worker.terminate();
  worker = null;
}

/**
 * The file parsed in a worker (ADR 0071), once per PlotFile: the worker
 * starts as the plot's code is asked for (beside its chunk and the
 * downloads) and parses each file as it arrives, so the page's main thread
 * only renders and draws. Null when no worker could do it (none here, or it
 * failed) or the download failed: the view then works from the text itself.
 */
export function parsedOnce(file: PlotFile): Promise<ParsedFile | null> {
  let p = parsed.get(file);
  if (p) return p;
  if (!theWorker()) {
    void loadOnce(file);
    p = Promise.resolve(null);
  } else {
    busy++;
    p = loadOnce(file)
      .then((text) => {
        const w = typeof text === 'string' ? theWorker() : null;
        if (!w || typeof text !== 'string') return null;
        const id = nextId++;
        return new Promise<ParsedFile | null>((resolve) => {
          waiting.set(id, resolve);
          w.postMessage({ id, text } satisfies ParseRequest);
        });
      })
      .finally(done);
  }
  parsed.set(file, p);
  return p;
}
