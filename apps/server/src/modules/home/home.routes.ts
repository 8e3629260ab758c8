import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { getHomePayload } from './home.service.ts';

/** The home call; its envelope is serialised and gzipped once per cache period (home.service). */
export const homeRoutes = (ctx: AppContext) =>
  ({
    home: async ({ request, reply }) => {
      const payload = await getHomePayload(ctx);
      reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
      const accepts = request.headers['accept-encoding'];
      // Bytes with a JSON content type are sent as they are (already checked against the contract when cached).
      if (typeof accepts === 'string' && /\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(payload.gzip);
      return reply.send(payload.json);
    },
  }) satisfies Handlers;
