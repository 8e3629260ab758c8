import { gzipSync } from 'node:zlib';

/** A finished answer for one page: status, where a redirect goes, and the HTML as bytes and gzipped. */
export interface CachedPage {
  status: number;
  location?: string;
  html?: Buffer;
  gzip?: Buffer;
  /** Browser-only pages get the shell, which is never cached with a page's content. */
  shell: boolean;
}

interface Slot {
  page?: CachedPage;
  expires: number;
  building?: Promise<CachedPage>;
}

/** Bytes of HTML, kept with their gzip so a cached page costs no compression per request. */
export const htmlPage = (status: number, html: string): CachedPage => {
  const bytes = Buffer.from(html, 'utf8');
  return { status, html: bytes, gzip: gzipSync(bytes), shell: false };
};

/**
 * Rendered pages for anonymous visitors, per URL, for a few seconds (like
 * the home payload): a content change shows on every process within the TTL.
 * Bounded: past `max` URLs the oldest goes, so odd URLs cannot fill memory.
 * One render per URL at a time; concurrent requests share it.
 */
export class PageCache {
  private readonly slots = new Map<string, Slot>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, build: () => Promise<CachedPage>): Promise<CachedPage> {
    const kept = this.fresh(key);
    if (kept) return kept;
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { expires: 0 };
      this.slots.set(key, slot);
      this.trim();
    }
    const s = slot;
    s.building ??= build()
      .then((page) => {
        s.page = page;
        s.expires = this.now() + this.ttlMs;
        return page;
      })
      .finally(() => {
        s.building = undefined;
      });
    return s.building;
  }

  /** The page kept for `key` while it is fresh, or undefined (nothing is built). */
  fresh(key: string): CachedPage | undefined {
    const slot = this.slots.get(key);
    return slot?.page && slot.expires > this.now() ? slot.page : undefined;
  }

  get size(): number {
    return this.slots.size;
  }

  private trim() {
    while (this.slots.size > this.max) {
      const oldest = this.slots.keys().next().value;
      if (oldest === undefined) break;
      this.slots.delete(oldest);
    }
  }
}
