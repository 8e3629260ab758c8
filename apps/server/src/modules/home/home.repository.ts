import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { banner, partner } from '../../db/schema.ts';

/** Enabled banners in display order. */
export async function findBanners(db: Executor) {
  return db
    .select({ img: banner.img, redirect: banner.redirect, title: banner.title, description: banner.description })
    .from(banner)
    .where(and(eq(banner.enabled, true)))
    .orderBy(asc(banner.sort), asc(banner.id));
}

export async function findPartners(db: Executor) {
  return db
    .select({ id: partner.id, name: partner.name, img: partner.img, url: partner.url })
    .from(partner)
    .orderBy(asc(partner.sort), asc(partner.id));
}
