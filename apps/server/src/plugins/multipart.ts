import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface MultipartOptions {
  /** Largest file in bytes (UPLOAD_MAX_BYTES). */
  maxFileBytes: number;
}

/**
 * multipart/form-data for the whole app, registered once here (uploads,
 * imports): limits come from config. Parts are read by the route that wants
 * them (request.file()); nothing is attached to the body or written to disk.
 */
export const multipartPlugin = fp(async (app: FastifyInstance, opts: MultipartOptions) => {
  await app.register(multipart, {
    limits: { fileSize: opts.maxFileBytes, files: 1, fields: 10, fieldSize: 4096, parts: 12, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
});
