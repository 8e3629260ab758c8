import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@yance/contracts/envelope';
import { ok } from '../../lib/reply.ts';

/** Liveness; also the "trivial endpoint" the bench compares the home call with. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/open/ping',
    { schema: { tags: ['open'], summary: '存活检查', response: { 200: envelope(z.object({ pong: z.literal(true) })) } } },
    async () => ok({ pong: true as const }),
  );
};
