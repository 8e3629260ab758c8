// zod 4 compiles each object parser with `new Function` unless told not to,
// and even its check whether it may (a caught `new Function("")`) is a
// violation of our pages' policy, which allows no eval (ADR 0013): every page
// that builds a schema would report one. jitless turns both off; parsing is
// then interpreted, fast enough for a page's answers.
//
// zod reads the setting when a schema is built, so it must be set before the
// first one, whichever chunk that is in. The browser builds (apps/web,
// apps/admin vite.config.ts) therefore resolve the bare `zod` to this module:
// every module that builds a schema imports it, and ES modules run what they
// import first. The server's zod stays compiled (no CSP there, and faster);
// the web app's server-render build keeps the real `zod` too, as zod's settings
// are one object per process, shared with the API.
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
