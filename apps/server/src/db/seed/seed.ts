import { sql } from 'drizzle-orm';
import { DEFAULT_PRICE_RULES, itemLabel, typeLabel } from '@yance/contracts/price-rules';
import { insertDevices, type NewDevice } from '../../modules/catalog/index.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { DEMO_STAFF_PASSWORD } from '@yance/contracts/staff';
import { BOOKING_SCHEDULE_DEFAULTS, type BookingSchedule } from '@yance/contracts/booking-rules';
import { demoStaff } from '../../modules/staff/index.ts';
import type { Db } from '../client.ts';
import {
  article,
  banner,
  bookingSchedule,
  device,
  partner,
  prefecture,
  prefectureDevice,
  projectType,
  setting,
  sitePage,
  typeChild,
  staffAccount,
  userAccount,
} from '../schema.ts';
import { articleImg } from './article-builder.ts';
import { CASES } from './articles-cases.ts';
import { COURSES } from './articles-courses.ts';
import { NEWS } from './articles-news.ts';
import { THANKS } from './articles-thanks.ts';
import { BANNER_SEEDS, PARTNER_SEEDS } from './banners.ts';
import { describe, deviceImg, yuanToFen } from './device-builder.ts';
import { DEVICE_SEEDS } from './devices.ts';
import { ABOUT_PAGES } from './pages-about.ts';
import { CERTIFICATES_PAGE } from './pages-certificates.ts';
import { LEGAL_PAGES } from './pages-legal.ts';
import { PREFECTURE_SEEDS } from './prefectures.ts';
import { DEMO_PROFILES } from './staff.ts';
import { ALLOW_REGION, HOME_POPUP, LAB_CALENDAR, LOCAL_INFO, SAMPLING_SETTING } from './settings.ts';
import { CHILD_INFO, TYPE_SEEDS } from './types.ts';

export const ARTICLE_SEEDS = [...NEWS, ...COURSES, ...CASES, ...THANKS];
const PAGES_UPDATED = '2026-11-01';

/** Every table the seed writes, and the accounts: a database with a row in any of them is not empty. */
const SEEDED_OR_OWNED = [
  projectType,
  typeChild,
  device,
  prefecture,
  banner,
  partner,
  article,
  sitePage,
  setting,
  userAccount,
  staffAccount,
];
/** Key of the transaction-scoped advisory lock that keeps two starting servers from seeding together. */
const SEED_LOCK = 0x79616e6365;

async function isEmpty(db: Db): Promise<boolean> {
  for (const table of SEEDED_OR_OWNED) {
    const [row] = await db
      .select({ one: sql`1` })
      .from(table)
      .limit(1);
    if (row) return false;
  }
  return true;
}

/**
 * Loads the demo shop into an EMPTY database — no catalogue, content,
 * settings or accounts at all — in one transaction, so a crash half-way
 * leaves nothing behind. Servers call it only when SEED_DEMO=true (npm start
 * asks for it). Returns whether it seeded.
 */
export async function seedIfEmpty(db: Db, opts: { staffPassword?: string } = {}): Promise<boolean> {
  // Hashed before the transaction: argon2 takes a while, and PGlite is one connection.
  const insertStaff = await demoStaff(opts.staffPassword ?? DEMO_STAFF_PASSWORD, DEMO_PROFILES);
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (!(await isEmpty(tx))) return false;
    await seedAll(tx);
    await insertStaff(tx, new Date());
    return true;
  });
  // Planner statistics now, not whenever autovacuum gets to it (PGlite has none).
  if (seeded) await db.execute(sql`analyze`);
  return seeded;
}

async function seedAll(db: Db): Promise<void> {
  await db.insert(projectType).values(
    TYPE_SEEDS.map((t, i) => ({
      id: t.id,
      name: t.name,
      img: `/upload/img/type/${t.slug}.svg`,
      description: t.description,
      discountLabel: typeLabel(DEFAULT_PRICE_RULES.rules, t.id) || null,
      sort: i,
    })),
  );
  const children = await db
    .insert(typeChild)
    .values(TYPE_SEEDS.flatMap((t) => t.children.map((c, sort) => ({ typeId: t.id, name: c.name, sort }))))
    .returning({ id: typeChild.id, name: typeChild.name });
  const childId = new Map(children.map((c) => [c.name, c.id]));

  /** Samples a day the demo lab tests of a 送样检测 item (the dearer, the slower); bookings and analyses have no such limit. */
  const demoCapacity = (typeId: number, priceYuan: number) => (typeId !== 1 ? null : priceYuan < 300 ? 30 : priceYuan < 1000 ? 15 : 6);
  const devices: NewDevice[] = DEVICE_SEEDS.map((d) => {
    const info = CHILD_INFO.get(d.child);
    const id = childId.get(d.child);
    if (!info || !id) throw new Error(`seed: unknown category ${d.child} of ${d.rid}`);
    return {
      rid: d.rid,
      name: d.name,
      alias: d.alias,
      typeId: info.typeId,
      childId: id,
      img: deviceImg(d.slug),
      sketch: d.sketch,
      description: describe(d),
      sampleRequirement: d.sample,
      instrument: d.instrument,
      options: d.options ?? [],
      priceFen: yuanToFen(d.price),
      unit: d.unit,
      turnaroundDays: d.days,
      dailyCapacity: demoCapacity(info.typeId, d.price),
      orderCount: d.orders,
      // The labels are the promotion rules' (issue 21): until an operator saves theirs, the defaults'.
      discountLabel: itemLabel(DEFAULT_PRICE_RULES.rules, info.typeId, 0) || null,
      hotRank: d.hot ?? null,
    };
  });
  const deviceIds = await insertDevices(db, devices);
  const deviceId = new Map(DEVICE_SEEDS.map((d, i) => [d.rid, deviceIds[i]!]));
  // Every demo instrument of 现场预约 opens for booking with product.md's defaults; SEM also on Saturday mornings.
  const bookable = DEVICE_SEEDS.filter((d) => CHILD_INFO.get(d.child)?.typeId === 2);
  const scheduleFor = (rid: string): BookingSchedule =>
    rid === 'd20001'
      ? { ...BOOKING_SCHEDULE_DEFAULTS, hours: BOOKING_SCHEDULE_DEFAULTS.hours.with(6, [9 * 60, 12 * 60]) }
      : BOOKING_SCHEDULE_DEFAULTS;
  if (bookable.length)
    await db.insert(bookingSchedule).values(bookable.map((d) => ({ deviceId: deviceId.get(d.rid)!, schedule: scheduleFor(d.rid) })));

  const areas = await db
    .insert(prefecture)
    .values(PREFECTURE_SEEDS.map((p, sort) => ({ name: p.name, img: `/upload/img/prefecture/${p.slug}.svg`, sketch: p.sketch, sort })))
    .returning({ id: prefecture.id });
  await db.insert(prefectureDevice).values(
    PREFECTURE_SEEDS.flatMap((p, i) =>
      p.rids.map((rid) => {
        const id = deviceId.get(rid);
        if (!id) throw new Error(`seed: prefecture ${p.name} lists unknown ${rid}`);
        return { prefectureId: areas[i]!.id, deviceId: id };
      }),
    ),
  );

  await db.insert(banner).values(BANNER_SEEDS.map((b, sort) => ({ ...b, sort })));
  await db.insert(partner).values(PARTNER_SEEDS);
  await db.insert(article).values(
    ARTICLE_SEEDS.map((a) => ({
      rid: a.rid,
      type: a.type,
      title: a.title,
      img: articleImg(a),
      sketch: a.sketch,
      body: sanitizeRichText(a.body ?? ''),
      source: a.source ?? '',
      company: a.company ?? '',
      code: a.code ?? '',
      content: a.content ?? '',
      publishedOn: a.date,
      // Spread so the most-read list looks lived-in.
      views: 120 + ([...a.rid].reduce((h, c) => h * 31 + c.charCodeAt(0), 7) % 900),
    })),
  );
  await db
    .insert(sitePage)
    .values(
      [...ABOUT_PAGES, ...LEGAL_PAGES, CERTIFICATES_PAGE].map((p) => ({ ...p, body: sanitizeRichText(p.body), updatedOn: PAGES_UPDATED })),
    );
  await db.insert(setting).values([
    { key: 'allowRegion', value: ALLOW_REGION },
    { key: 'samplingSetting', value: SAMPLING_SETTING },
    { key: 'localInfo', value: LOCAL_INFO },
    { key: 'labCalendar', value: LAB_CALENDAR },
    { key: 'homePopup', value: HOME_POPUP },
  ]);
}
