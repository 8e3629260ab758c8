import { and, asc, eq, gt, isNull, lte, min, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { banner, partner } from '../../db/schema.ts';

/** Enabled and inside its window at `now` (start inclusive, end exclusive). */
const showing = (now: Date) =>
  and(eq(banner.enabled, true), or(isNull(banner.startsAt), lte(banner.startsAt, now)), or(isNull(banner.endsAt), gt(banner.endsAt, now)));

/** The banners shown at `now`, in display order. */
export async function findBanners(db: Executor, now: Date) {
  return db
    .select({ img: banner.img, redirect: banner.redirect, title: banner.title, description: banner.description })
    .from(banner)
    .where(showing(now))
    .orderBy(asc(banner.sort), asc(banner.id));
}

/** The first moment after `now` at which an enabled banner starts or stops showing; null when none will. */
export async function nextBannerChange(db: Executor, now: Date): Promise<Date | null> {
  const [[starts], [ends]] = await Promise.all([
    db
      .select({ at: min(banner.startsAt) })
      .from(banner)
      .where(and(eq(banner.enabled, true), gt(banner.startsAt, now))),
    db
      .select({ at: min(banner.endsAt) })
      .from(banner)
      .where(and(eq(banner.enabled, true), gt(banner.endsAt, now))),
  ]);
  const times = [starts?.at, ends?.at].filter((d): d is Date => d instanceof Date);
  return times.length ? new Date(Math.min(...times.map((d) => d.getTime()))) : null;
}

export async function findPartners(db: Executor) {
  return db
    .select({ id: partner.id, name: partner.name, img: partner.img, url: partner.url })
    .from(partner)
    .orderBy(asc(partner.sort), asc(partner.id));
}
