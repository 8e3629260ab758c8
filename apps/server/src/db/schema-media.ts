import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { staffAccount } from './schema-accounts.ts';

/**
 * Every picture uploaded through the console (ADR 0037): where it is stored,
 * its pixel size (so pages can set width and height), and who uploaded it.
 * The key is the hash of the re-encoded bytes, so the same picture uploaded
 * twice is stored once.
 */
export const mediaFile = pgTable(
  'media_file',
  {
    id: serial('id').primaryKey(),
    /** Storage key, e.g. "u/3f/3f9c….jpg"; served at /upload/<key>. */
    key: text('key').notNull().unique(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    /** The name the file had on the uploader's computer, for the console's lists. */
    originalName: text('original_name').notNull().default(''),
    uploadedBy: integer('uploaded_by').references(() => staffAccount.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('media_file_created_idx').on(t.createdAt)],
);
