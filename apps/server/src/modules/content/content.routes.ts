import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { getSitePage, listArticles, readArticle } from './content.service.ts';

/** Articles and site pages; declared in @yance/contracts/api/content. */
export const contentRoutes = (ctx: AppContext) =>
  ({
    articleList: ({ query }) => listArticles(ctx, query.type, query),
    articleDetail: ({ query }) => readArticle(ctx, query.rid),
    sitePage: ({ query }) => getSitePage(ctx, query.key),
    // Liveness; also the "trivial endpoint" the bench compares the home call with.
    ping: async () => ({ pong: true as const }),
  }) satisfies Handlers;
