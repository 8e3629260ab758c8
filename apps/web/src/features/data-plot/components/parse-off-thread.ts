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
const parsed = new WeakMap<PlotFile, Promise<ParsedFile>>();
const answered = new WeakMap<PlotFile, ParsedFile>();

/** Every file still waiting is parsed on this thread instead, and no worker is tried again on this page. */
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

/** The worker's answer for these bytes, or null when it could not give one. */
function inWorker(bytes: Blob): Promise<ParsedFile | null> {
  const w = theWorker();
  if (!w) return Promise.resolve(null);
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    w.postMessage({ id, bytes } satisfies ParseRequest);
  });
}

async function parseHere(bytes: Blob): Promise<ParsedFile> {
  const [{ parseFile }, text] = await Promise.all([import('../utils/parse-file.ts'), bytes.text()]);
  return parseFile(text);
}

/**
 * The file downloaded and parsed, once per PlotFile (ADR 0071): in a worker
 * started as the plot's code is asked for (beside its chunk and the
 * downloads), which decodes and parses each file as it arrives, so the
 * page's main thread only renders and draws. Where no worker can do it (none
 * here, or it failed) the parser comes as a chunk of its own and runs here.
 * A failed download answers its reason.
 */
export function parsedOnce(file: PlotFile): Promise<ParsedFile> {
  let p = parsed.get(file);
  if (p) return p;
  theWorker(); // it boots while the file downloads
  busy++;
  p = loadOnce(file)
    .then(async (bytes): Promise<ParsedFile> => {
      if (!(bytes instanceof Blob)) return { ok: false, error: bytes.error };
      return (await inWorker(bytes)) ?? (await parseHere(bytes));
    })
    .then((r) => {
      answered.set(file, r);
      return r;
    })
    .finally(() => {
      if (--busy > 0 || !worker) return;
      // Idle: the thread goes; the next plot starts another.
      worker.terminate();
      worker = null;
    });
  parsed.set(file, p);
  return p;
}

/** parsedOnce's answer if it is already in (undefined while the file is on its way or being parsed). */
export const parsedNow = (file: PlotFile): ParsedFile | undefined => answered.get(file);
