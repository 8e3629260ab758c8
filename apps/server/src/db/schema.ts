import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { PRICE_UNITS, type DeviceOption, type PriceUnit } from '@yance/contracts/catalog';
import { ARTICLE_TYPES, SITE_PAGE_KEYS, type ArticleType, type SitePageKey } from '@yance/contracts/content';
import type { Fen } from '@yance/contracts/money';
import { notNegative, oneOf } from './checks.ts';

/** 项目类型: 1 送样检测, 2 现场预约, 3 数据分析. */
export const projectType = pgTable('project_type', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  img: text('img').notNull(),
  /** Pipe-separated tags (spec §3). */
  description: text('description').notNull(),
  discountLabel: text('discount_label'),
  sort: integer('sort').notNull().default(0),
});

/** 子分类, e.g. 结构分析 under 送样检测. */
export const typeChild = pgTable(
  'type_child',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => projectType.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    /** On-shelf items in this category, kept by the type_child_count triggers (migration 0001). */
    itemCount: integer('item_count').notNull().default(0),
  },
  (t) => [index('type_child_type_idx').on(t.typeId, t.sort)],
);

/** 检测项目 (catalogue item). The API calls it "device" (spec §7). */
export const device = pgTable(
  'device',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    name: text('name').notNull(),
    alias: text('alias')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    typeId: integer('type_id')
      .notNull()
      .references(() => projectType.id),
    childId: integer('child_id')
      .notNull()
      .references(() => typeChild.id),
    img: text('img').notNull(),
    sketch: text('sketch').notNull(),
    description: text('description').notNull(),
    sampleRequirement: text('sample_requirement').notNull(),
    instrument: text('instrument').notNull().default(''),
    options: jsonb('options').$type<DeviceOption[]>().notNull().default([]),
    priceFen: integer('price_fen').$type<Fen>().notNull(),
    unit: text('unit').$type<PriceUnit>().notNull(),
    turnaroundDays: integer('turnaround_days').notNull(),
    /** Samples (or hours, jobs) the lab takes a day; null = no limit set. */
    dailyCapacity: integer('daily_capacity'),
    /** The catalogue's base of 已下单 (the operator's figure, kept by the .xlsx import). */
    orderCount: integer('order_count').notNull().default(0),
    /** Real orders paid since (issue 21), folded in from paid_order_item by the catalog.paidOrders job; shown on top of the base. */
    paidOrders: integer('paid_orders').notNull().default(0),
    discountLabel: text('discount_label'),
    /** Position among the home page's popular items; null = not featured. */
    hotRank: integer('hot_rank'),
    onShelf: boolean('on_shelf').notNull().default(true),
    /** The operator's order in the console's list (smaller first); the storefront ranks by relevance and order count. */
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('device_type_child_idx').on(t.typeId, t.childId),
    index('device_order_idx').on(t.orderCount.desc().nullsFirst()),
    index('device_hot_idx').on(t.hotRank),
    oneOf('device_unit_check', t.unit, Object.keys(PRICE_UNITS)),
    notNegative('device_price_fen_check', t.priceFen),
    notNegative('device_daily_capacity_check', t.dailyCapacity),
  ],
);

/**
 * 已下单's real orders not yet added to device.paid_orders (issue 22, ADR 0066): one row per (catalogue item, paid
 * order), inserted by the payment — insert-only, so payments of the same popular item never wait on its row — and
 * folded into device.paid_orders and device_search.order_count by the catalog.paidOrders job, which deletes them.
 * No foreign keys: a key check would share-lock the hot device row in every payment (the fold skips rows whose item
 * is gone).
 */
export const paidOrderItem = pgTable(
  'paid_order_item',
  {
    deviceId: integer('device_id').notNull(),
    orderId: integer('order_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.orderId] })],
);

/**
 * Search side table, one row per device (ADR 0004). Kept narrow (~230 bytes a
 * row) so a search that matches thousands of items reads few pages: the wide
 * device row (HTML description, options) is only read for the page that is
 * shown, and the grams are not stored but live only in the GIN index on
 * search_grams(search_text) (migration 0003). on_shelf … price_fen are copies
 * that the device_search_sync trigger (migration 0001) keeps equal to device;
 * the text columns are written by catalog-search.repository from search-grams.ts.
 */
export const deviceSearch = pgTable(
  'device_search',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => device.id, { onDelete: 'cascade' }),
    onShelf: boolean('on_shelf').notNull(),
    typeId: integer('type_id').notNull(),
    childId: integer('child_id').notNull(),
    orderCount: integer('order_count').notNull(),
    priceFen: integer('price_fen').$type<Fen>().notNull(),
    /** The operators' order (device.sort): the console lists by it without reading the wide device rows. */
    sort: integer('sort').notNull().default(0),
    /** Normalised name, for exact and prefix ranking. */
    nameLc: text('name_lc').notNull(),
    /** Normalised aliases as '|a|b|', for exact-alias ranking. */
    aliasLc: text('alias_lc').notNull(),
    /** Normalised name, aliases and category, space-joined, for grams and the final substring check. */
    searchText: text('search_text').notNull(),
  },
  (t) => [
    // search_grams() is created by migration 0003; COST keeps the planner off per-row calls.
    // A short pending list (64 kB, not 4 MB): every search reads it in full, and PGlite has no autovacuum to empty it.
    index('device_search_grams_idx')
      .using('gin', sql`search_grams(${t.searchText})`)
      .with({ gin_pending_list_limit: 64 }),
    // Exact name (=) and name prefix (LIKE 'kw%') whatever the database collation.
    index('device_search_name_idx').on(t.nameLc.op('text_pattern_ops')),
    index('device_search_alias_idx')
      .using('gin', sql`string_to_array(${t.aliasLc}, '|')`)
      .with({ gin_pending_list_limit: 64 }),
    // NULLS FIRST is what ORDER BY … DESC means, so the index serves it.
    index('device_search_order_idx').on(t.onShelf, t.orderCount.desc().nullsFirst(), t.deviceId),
    index('device_search_price_asc_idx').on(t.onShelf, t.priceFen, t.orderCount.desc().nullsFirst(), t.deviceId),
    index('device_search_price_desc_idx').on(t.onShelf, t.priceFen.desc().nullsFirst(), t.orderCount.desc().nullsFirst(), t.deviceId),
    // The console lists items on and off the shelf: its orders, each read forwards or backwards (device-admin.repository.ts).
    index('device_search_admin_sort_idx').on(t.sort, t.deviceId),
    index('device_search_admin_order_idx').on(t.orderCount, t.deviceId),
    index('device_search_admin_price_idx').on(t.priceFen, t.deviceId),
  ],
);

/**
 * On-shelf items holding each gram, per category (ADR 0004), kept by the
 * search_gram_count triggers on device_search (migration 0005). The total of a
 * one- or two-character keyword is a sum here instead of a count of its hits.
 */
export const searchGramCount = pgTable(
  'search_gram_count',
  {
    gram: text('gram').notNull(),
    typeId: integer('type_id').notNull(),
    childId: integer('child_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gram, t.typeId, t.childId] })],
);

/** 专区 (hot area): a curated collection of items. */
export const prefecture = pgTable('prefecture', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  img: text('img').notNull(),
  sketch: text('sketch').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const prefectureDevice = pgTable(
  'prefecture_device',
  {
    prefectureId: integer('prefecture_id')
      .notNull()
      .references(() => prefecture.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => device.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.prefectureId, t.deviceId] }), index('prefecture_device_device_idx').on(t.deviceId)],
);

export const banner = pgTable('banner', {
  id: serial('id').primaryKey(),
  img: text('img').notNull(),
  /** External http(s) link, or a device rid opened at /detail/:rid. */
  redirect: text('redirect').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  /** The active window (issue 8): shown from startsAt until before endsAt; null = open on that side. */
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
});

/** News, courses, service cases (能力展示) and thanks (致谢) share one table. */
export const article = pgTable(
  'article',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    type: text('type').$type<ArticleType>().notNull(),
    title: text('title').notNull(),
    img: text('img').notNull().default(''),
    sketch: text('sketch').notNull().default(''),
    /** Sanitised HTML, written by operators. */
    body: text('body').notNull().default(''),
    source: text('source').notNull().default(''),
    company: text('company').notNull().default(''),
    code: text('code').notNull().default(''),
    content: text('content').notNull().default(''),
    views: integer('views').notNull().default(0),
    publishedOn: date('published_on', { mode: 'string' }).notNull(),
    published: boolean('published').notNull().default(true),
    /** Removed by an operator: hidden everywhere, kept for the record (and the audit log's references). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('article_type_date_idx').on(t.type, t.publishedOn.desc(), t.id.desc()), oneOf('article_type_check', t.type, ARTICLE_TYPES)],
);

export const partner = pgTable('partner', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  img: text('img').notNull(),
  url: text('url').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/** About, guide, license, policy … pages. */
export const sitePage = pgTable(
  'site_page',
  {
    key: text('key').$type<SitePageKey>().primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updatedOn: date('updated_on', { mode: 'string' }).notNull(),
  },
  (t) => [oneOf('site_page_key_check', t.key, SITE_PAGE_KEYS)],
);

/** Web settings of spec §3 (allowRegion, samplingSetting, localInfo) and the home popup, as JSON by key. */
export const setting = pgTable('setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Accounts (issue 3) live in their own file to keep this one readable.
export * from './schema-accounts.ts';
export * from './schema-ops.ts';
export * from './schema-jobs.ts';
export * from './schema-media.ts';
export * from './schema-security.ts';
export * from './schema-customers.ts';
export * from './schema-demands.ts';
export * from './schema-orders.ts';
export * from './schema-lab.ts';
export * from './schema-messages.ts';
export * from './schema-bookings.ts';
export * from './schema-evaluations.ts';
export * from './schema-money.ts';
export * from './schema-clusters.ts';
export * from './schema-invoices.ts';
export * from './schema-coupons.ts';
export * from './schema-invites.ts';
export * from './schema-promotion.ts';
