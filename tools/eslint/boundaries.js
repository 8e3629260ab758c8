// Import boundaries of docs/architecture.md (ADR 0017), checked by
// eslint-plugin-boundaries. Each file is one element (the first folder pattern
// that matches) and has file categories (its role: routes, service, …). An
// import is allowed only when a policy allows it; later policies win.
import path from 'node:path';
import boundaries from 'eslint-plugin-boundaries';

const root = path.resolve(import.meta.dirname, '../..');
const folder = (type, pattern, capture) => ({ type, pattern, partialMatch: false, ...(capture ? { capture } : {}) });
const file = (category, pattern) => ({ category, pattern });

const elements = [
  folder('contracts', 'packages/contracts/src'),
  folder('browser', 'packages/browser/src'), // browser code both apps share: api client, tokens, toasts, formatting
  folder('browser-tooling', 'packages/browser'),
  folder('web-app', 'apps/web/src/app'),
  folder('web-feature', 'apps/web/src/features/*', ['feature']),
  folder('web-components', 'apps/web/src/components'),
  folder('web-lib', 'apps/web/src/lib'),
  folder('web-config', 'apps/web/src/config'),
  folder('web-styles', 'apps/web/src/styles'),
  folder('web-entry', 'apps/web/src'), // main.tsx: mounts the app
  folder('web-tooling', 'apps/web'), // vite.config.ts
  folder('admin-app', 'apps/admin/src/app'),
  folder('admin-feature', 'apps/admin/src/features/*', ['feature']),
  folder('admin-components', 'apps/admin/src/components'),
  folder('admin-lib', 'apps/admin/src/lib'),
  folder('admin-entry', 'apps/admin/src'), // main.tsx
  folder('admin-tooling', 'apps/admin'), // vite.config.ts
  folder('server-module', 'apps/server/src/modules/*', ['module']),
  folder('server-seed', 'apps/server/src/db/seed'),
  folder('server-db', 'apps/server/src/db'), // client, schema, migrations
  folder('server-lib', 'apps/server/src/lib'),
  folder('server-plugins', 'apps/server/src/plugins'),
  folder('server-config', 'apps/server/src/config'),
  folder('server-root', 'apps/server/src'), // app.ts, server.ts, context.ts
  folder('server-test', 'apps/server/test'),
  folder('server-tooling', 'apps/server'), // scripts/, drizzle and vitest configs
  folder('e2e-support', 'e2e/support'),
  folder('e2e', 'e2e'),
  folder('bench', 'scripts'),
  folder('tooling', 'tools'),
];

const files = [
  file('test', '**/*.test.{ts,tsx}'), // unit tests next to code (e2e specs are not exempt)
  // Every module file is 'module'; its role, if any, is added to it.
  file('module', 'apps/server/src/modules/**'),
  file('routes', 'apps/server/src/modules/*/*.routes.ts'),
  file('service', 'apps/server/src/modules/*/*.service.ts'),
  file('repository', 'apps/server/src/modules/*/*.repository.ts'),
  file('module-door', 'apps/server/src/modules/*/index.ts'), // a server module's public API: what other modules, app.ts and the seed may use
  file('schema', 'apps/server/src/db/schema*.ts'),
  file('context', 'apps/server/src/context.ts'),
  file('entry', 'apps/server/src/{app,server,subscribers,ports}.ts'),
  file('front-door', 'apps/web/src/features/*/index.ts'), // what other features may use of a web feature (ADR 0059)
];

/** Elements of one of these types. */
const el = (...types) => ({ element: { type: types.length === 1 ? types[0] : `{${types.join(',')}}` } });
const to = (...types) => ({ to: el(...types) });
/** Server module files by role; `own` = the importing file's module. */
const ROLES = ['routes', 'service', 'repository'];
const moduleFile = (categories, own = false) => ({
  element: { type: 'server-module', ...(own ? { captured: { module: '{{from.element.captured.module}}' } } : {}) },
  file: { categories },
});
const SUPPORT = { noneOf: [...ROLES, 'module-door'] }; // a module's other files: events, providers, parsers, password rules
const ROUTES = moduleFile('routes');
const SERVICE_OR_SUPPORT = moduleFile({ noneOf: ['routes', 'repository', 'module-door'] });
const REPOSITORY = moduleFile('repository');
/** A module's front door, `index.ts`: the only way into a module from outside it. */
const MODULE_DOOR = moduleFile('module-door');
const CONTEXT = { element: { type: 'server-root' }, file: { categories: 'context' } };
const DRIZZLE = { to: { module: { origin: 'external', source: 'drizzle-orm' } } };
const SCHEMA = { to: { file: { categories: 'schema' } } };
const SERVER_SHARED = [to('server-lib', 'server-config'), { to: CONTEXT }];

/**
 * The web features a feature may use (ADR 0059), each only through its front
 * door (`index.ts`). One way: the order page orders the plan's lines, the
 * order detail shows the sampling card and the data plot; none of them knows
 * the order feature. Every other pair of features stays apart.
 */
export const WEB_FEATURE_USES = {
  order: ['plan', 'sampling', 'data-plot'],
  cluster: ['money'],
};
const webFeature = (names) => ({ element: { type: 'web-feature', captured: { feature: names } } });

const policies = [
  // Packages and Node built-ins are open to all, except where narrowed further down; so are contracts.
  { allow: { to: { module: { origin: '{external,core}' } } } },
  { allow: to('contracts') },

  // Browser code both apps share: itself and contracts only (it never knows either app).
  { from: el('browser'), allow: to('browser') },

  // Web: shared → features → app, one way; a feature imports another only as WEB_FEATURE_USES says, through its index.ts.
  {
    from: el('web-entry', 'web-app'),
    allow: to('web-app', 'web-feature', 'web-components', 'web-lib', 'web-config', 'web-styles', 'browser'),
  },
  {
    from: el('web-feature'),
    allow: [
      to('web-components', 'web-lib', 'web-config', 'web-styles', 'browser'),
      { to: webFeature('{{from.element.captured.feature}}') },
    ],
  },
  ...Object.entries(WEB_FEATURE_USES).map(([feature, uses]) => ({
    from: webFeature(feature),
    allow: { to: { ...webFeature(uses), file: { categories: 'front-door' } } },
  })),
  { from: el('web-components'), allow: to('web-components', 'web-lib', 'web-config', 'web-styles', 'browser') },
  { from: el('web-lib'), allow: to('web-lib', 'web-config', 'browser') },

  // The console (apps/admin), the same shape: lib and components → features → app; never the storefront's code.
  { from: el('admin-entry', 'admin-app'), allow: to('admin-app', 'admin-feature', 'admin-components', 'admin-lib', 'browser') },
  {
    from: el('admin-feature'),
    allow: [
      to('admin-components', 'admin-lib', 'browser'),
      { to: { element: { type: 'admin-feature', captured: { feature: '{{from.element.captured.feature}}' } } } },
    ],
  },
  { from: el('admin-components'), allow: to('admin-components', 'admin-lib', 'browser') },
  { from: el('admin-lib'), allow: to('admin-lib', 'browser') },
  { from: el('web-config'), allow: to('web-config') },
  // vite.plot-harness.config.ts builds on the app's vite.config.ts (ADR 0042).
  { from: el('web-tooling'), allow: to('web-config', 'web-tooling') },

  // Server: routes → services → repositories → db. A module's files are its own:
  // other modules (and app.ts, subscribers.ts, the seed) go through its index.ts,
  // which re-exports by name what they use (services, events, routes, jobs).
  {
    from: ROUTES,
    allow: [
      ...SERVER_SHARED,
      to('server-plugins'),
      { to: moduleFile('service', true) },
      { to: moduleFile(SUPPORT, true) },
      { to: MODULE_DOOR },
    ],
  },
  {
    from: SERVICE_OR_SUPPORT,
    allow: [
      ...SERVER_SHARED,
      to('server-db'),
      { to: moduleFile('service', true) },
      { to: moduleFile(SUPPORT, true) },
      { to: moduleFile('repository', true) },
      { to: MODULE_DOOR },
    ],
  },
  // The front door re-exports its own module's files (a repository's for the seed's bulk devices), nothing else.
  { from: MODULE_DOOR, allow: { to: moduleFile({ noneOf: ['module-door'] }, true) } },
  {
    from: REPOSITORY,
    allow: [...SERVER_SHARED, to('server-db'), { to: moduleFile({ noneOf: ['routes', 'service', 'module-door'] }, true) }],
  },
  { from: el('server-db'), allow: to('server-db', 'server-config') },
  // The demo orders (seed/demo-orders.ts) are written through the services, which take the context.
  {
    from: el('server-seed'),
    allow: [to('server-seed', 'server-db', 'server-lib'), { to: CONTEXT }, { to: MODULE_DOOR }],
  },
  { from: el('server-lib'), allow: to('server-lib', 'server-config') },
  { from: el('server-plugins'), allow: [...SERVER_SHARED, to('server-plugins', 'server-db')] },
  { from: el('server-config'), allow: to('server-config') },
  { from: CONTEXT, allow: to('server-config', 'server-db', 'server-lib') },
  {
    from: { element: { type: 'server-root' }, file: { categories: 'entry' } },
    allow: [to('server-root', 'server-plugins', 'server-lib', 'server-config', 'server-db', 'server-seed'), { to: MODULE_DOOR }],
  },

  // End-to-end tests drive the app from outside: contracts and their own support only.
  { from: el('e2e'), allow: to('e2e', 'e2e-support') },
  { from: el('e2e-support'), allow: to('e2e-support') },

  // Benchmarks and server scripts are tooling that builds data through the server's own code:
  // the benchmarks (scripts/) through the modules' front doors, the server's own scripts through any module file.
  {
    from: el('bench', 'server-tooling'),
    allow: [to('bench', 'server-root', 'server-config', 'server-db', 'server-seed', 'server-lib', 'e2e-support')],
  },
  { from: el('bench'), allow: { to: MODULE_DOOR } },
  { from: el('server-tooling'), allow: to('server-module') },

  // drizzle-orm and the schema: only repositories and db/ (client, migrations, seed), and tooling.
  { disallow: [DRIZZLE, SCHEMA], message: 'only repositories and db/ use drizzle-orm and db/schema*.ts (here: {{dependency.source}})' },
  { from: REPOSITORY, allow: [DRIZZLE, SCHEMA] },
  { from: el('server-db', 'server-seed', 'server-tooling', 'bench'), allow: [DRIZZLE, SCHEMA] },

  // Contracts are shared by browser and server: zod, and nothing else.
  {
    from: el('contracts'),
    disallow: [{ to: { module: { origin: '{external,core}', source: '!zod' } } }, { to: { element: { type: '!contracts' } } }],
    message: 'contracts import zod only (here: {{dependency.source}})',
  },
  // The shared browser code pulls no library into either app: contracts and itself, and the React, TanStack
  // Query and antd both apps already hold (the one write hook, ADR 0061; the lists that become cards on a phone,
  // ADR 0063).
  {
    from: el('browser'),
    disallow: [{ to: { module: { origin: '{external,core}', source: '!{react,@tanstack/react-query,antd,antd/**}' } } }],
    message: 'packages/browser imports no package but react, @tanstack/react-query and antd (here: {{dependency.source}})',
  },

  // Tests may import what they test; tooling sees the whole repository.
  {
    from: [el('server-test', 'tooling'), { file: { categories: 'test' } }],
    allow: [{ to: { module: { origin: '*' } } }, { to: { element: { type: '*' } } }],
  },
];

/** The element types a policy's `from` can match: a Set, or 'any' (no `from`, or a selector naming no element type). */
function fromTypes(from) {
  if (!from) return 'any';
  const types = new Set();
  for (const selector of Array.isArray(from) ? from : [from]) {
    const type = selector.element?.type;
    // No type, or a pattern (a glob, a negation) rather than names: keep the policy for every element.
    if (!type || /[*?!]/.test(type)) return 'any';
    for (const t of type.replace(/^\{|\}$/g, '').split(',')) types.add(t);
  }
  return types;
}

const dependenciesRule = (forPolicies) => [
  'error',
  {
    default: 'disallow',
    checkAllOrigins: true,
    checkUnknownLocals: true,
    checkInternals: true,
    message:
      '{{from.element.type}} [{{from.file.categories}}] must not import {{dependency.source}} ({{to.element.type}} [{{to.file.categories}}]); see docs/architecture.md',
    policies: forPolicies,
  },
];

/**
 * The rule evaluates every policy for every import of a file, and matching a selector is the costly part (issue 20:
 * with all policies it was 88 % of eslint's time). So each element's files get a block of their own that holds only
 * the policies whose `from` can match that element (in the same order: later policies still win); the `from`
 * selectors stay, so a file category narrows as before. Blocks go from the widest folder to the narrowest (elements
 * are listed narrowest first), the later block's options replacing the earlier's for the files both match, as a
 * file belongs to the first element whose folder holds it. A file of no element keeps the whole list.
 */
const elementBlocks = [...elements].reverse().map(({ type, pattern }) => ({
  files: [`${pattern}/**/*.{js,cjs,mjs,ts,tsx}`],
  rules: {
    'boundaries/dependencies': dependenciesRule(
      policies.filter((policy) => {
        const types = fromTypes(policy.from);
        return types === 'any' || types.has(type);
      }),
    ),
  },
}));

export const boundariesConfig = [
  {
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': root,
      'boundaries/elements': elements,
      'boundaries/files': files,
      'boundaries/ignore': ['*.config.js'],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/legacy-templates': false,
      'import/resolver': { [path.join(import.meta.dirname, 'resolver.cjs')]: {} },
    },
    rules: {
      'boundaries/dependencies': dependenciesRule(policies),
      'boundaries/no-unknown-files': 'error',
    },
  },
  ...elementBlocks,
];
