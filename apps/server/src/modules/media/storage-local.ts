import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './storage.service.ts';
import { UPLOAD_KEY } from './storage.service.ts';

/** Files under root (DATA_DIR/upload); written to a temporary name and renamed, so no reader sees half a file. */
export function localStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    if (!UPLOAD_KEY.test(key)) throw new Error(`bad storage key ${JSON.stringify(key)}`);
    return path.join(base, key);
  };
  return {
    kind: 'local',
    async ready() {
      await mkdir(base, { recursive: true });
    },
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
    },
    async get(key) {
      if (!UPLOAD_KEY.test(key)) return undefined;
      return readFile(fileOf(key)).catch(() => undefined);
    },
    async localFile(key) {
      if (!UPLOAD_KEY.test(key)) return undefined;
      const file = fileOf(key);
      return (await stat(file).catch(() => undefined))?.isFile() ? file : undefined;
    },
    close() {},
  };
}
