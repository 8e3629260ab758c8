import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Decorates the app with the drizzle database; the caller owns opening and closing it. */
export const dbPlugin = fp(async (app: FastifyInstance, opts: { database: Database }) => {
  app.decorate('db', opts.database.db);
});
