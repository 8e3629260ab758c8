import { routes, urlOf } from '@yance/contracts/routes';
import type { AppContext } from '../../context.ts';
import { acceptsGzip, type MemoryAnswers } from '../../lib/memory-answers.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { answerOf, getHomePayload, heldHomeAnswer } from './home.service.ts';

/**
 * The home call; its envelope is serialised and gzipped once per cache period (home.service). While that answer is
 * fresh the process writes it before Fastify's lifecycle (ADR 0080); this route answers the rest (the first request,
 * the one after it expires, /API/Open/… spellings) and builds it again.
 */
export const homeRoutes = (ctx: AppContext, memoryAnswers: MemoryAnswers) => {
  memoryAnswers.offer(urlOf(routes.home), heldHomeAnswer(ctx));
  return {
    home: async ({ request, reply }) => {
      // Bytes with a JSON content type are sent as they are (already checked against the contract when cached).
      const answer = answerOf(await getHomePayload(ctx), acceptsGzip(request.headers['accept-encoding']));
      return reply.headers(answer.headers).send(answer.body);
    },
  } satisfies Handlers;
};
