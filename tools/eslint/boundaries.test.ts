import { existsSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it, vi } from 'vitest';

// Lints one-line snippets as if they sat at the given path, with the repository's own eslint.config.js.
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });
// The first lint loads the whole config and parser.
vi.setConfig({ testTimeout: 60_000 });

async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const code = `import * as m from '${source}';\nexport const used = m;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId?.startsWith('boundaries/')).map((m) => m.message);
}
const expectForbidden = async (file: string, source: string) => expect(await boundaryErrors(file, source)).toHaveLength(1);
const expectAllowed = async (file: string, source: string) => expect(await boundaryErrors(file, source)).toEqual([]);

describe('web: shared → features → app, features apart', () => {
  const banner = 'apps/web/src/features/home/components/banner.tsx';
  it('a feature never imports another feature, or the app', async () => {
    await expectForbidden(banner, '@/features/catalog/api/get-device.ts');
    await expectForbidden(banner, '../../catalog/components/device-card.tsx');
    await expectForbidden(banner, '@/app/router.tsx');
  });
  it('shared code never imports features or the app', async () => {
    await expectForbidden('apps/web/src/components/layout/site-header.tsx', '@/features/auth/hooks/use-login-prompt.ts');
    await expectForbidden('apps/web/src/lib/format.ts', '@/components/page-hero.tsx');
    await expectForbidden('apps/web/src/config/paths.ts', '@/lib/format.ts');
  });
  it('the web never imports the server', async () => {
    await expectForbidden(banner, '../../../../../server/src/lib/app-error.ts');
  });
  it('allows its own feature, shared code, contracts; the app composes features', async () => {
    await expectAllowed(banner, '../api/get-home.ts');
    await expectAllowed(banner, '@/lib/api-client.ts');
    await expectAllowed(banner, '@yance/contracts/home');
    await expectAllowed('apps/web/src/app/routes/home.tsx', '@/features/home/components/home-page.tsx');
  });
});

describe('web: a feature uses another one way, through its index.ts (ADR 0059)', () => {
  const orderLab = 'apps/web/src/features/order/components/order-lab.tsx';
  it('the order feature uses the data plot through its front door only', async () => {
    await expectAllowed(orderLab, '@/features/data-plot/index.ts');
    await expectForbidden(orderLab, '@/features/data-plot/components/lazy-data-plot.tsx');
    await expectForbidden(orderLab, '../../data-plot/utils/xy-data.ts');
  });
  it('the order feature uses sampling through its front door only', async () => {
    await expectAllowed(orderLab, '@/features/sampling/index.ts');
    await expectForbidden(orderLab, '@/features/sampling/components/sampling-card.tsx');
    await expectForbidden(orderLab, '../../sampling/api/sampling.ts');
  });
  it('the order feature uses the plan through its front door only', async () => {
    await expectAllowed('apps/web/src/features/order/api/orders.ts', '@/features/plan/index.ts');
    await expectForbidden('apps/web/src/features/order/api/orders.ts', '../../plan/api/plan.ts');
  });
  it('never back, and not for features the table leaves out', async () => {
    await expectForbidden('apps/web/src/features/plan/components/plan-view.tsx', '@/features/order/components/order-page.tsx');
    await expectForbidden('apps/web/src/features/booking/components/booking-dialog.tsx', '@/features/sampling/index.ts');
    await expectForbidden('apps/web/src/features/data-plot/components/chart.ts', '@/features/order/api/orders.ts');
    await expectForbidden('apps/web/src/features/sampling/components/sampling-card.tsx', '@/features/order/utils/order-view.ts');
    await expectForbidden('apps/web/src/features/sampling/components/sampling-card.tsx', '@/features/data-plot/index.ts');
    await expectForbidden('apps/web/src/features/home/components/banner.tsx', '@/features/data-plot/index.ts');
  });
  it('the table names features with a front door and has no cycle', async () => {
    // boundaries.js is plain JavaScript without types: imported by a computed name, its module is `any`.
    const config = './boundaries.js';
    const uses = ((await import(config)) as { WEB_FEATURE_USES: Record<string, string[]> }).WEB_FEATURE_USES;
    const features = path.join(root, 'apps/web/src/features');
    for (const [feature, used] of Object.entries(uses)) {
      expect(existsSync(path.join(features, feature)), feature).toBe(true);
      for (const u of used) expect(existsSync(path.join(features, u, 'index.ts')), `${u}/index.ts`).toBe(true);
    }
    // Depth-first: a feature met again on its own path is a cycle.
    const visit = (feature: string, trail: string[]): void => {
      expect(trail, `${[...trail, feature].join(' → ')}`).not.toContain(feature);
      for (const u of uses[feature] ?? []) visit(u, [...trail, feature]);
    };
    for (const feature of Object.keys(uses)) visit(feature, []);
  });
});

describe('contracts: zod only', () => {
  const home = 'packages/contracts/src/home.ts';
  it('refuses React, drizzle, Node and app code', async () => {
    await expectForbidden(home, 'react');
    await expectForbidden(home, 'drizzle-orm/pg-core');
    await expectForbidden(home, 'node:crypto');
    await expectForbidden(home, '../../../apps/server/src/lib/app-error.ts');
    await expectForbidden(home, '../../../apps/web/src/lib/format.ts');
  });
  it('allows zod and other contracts', async () => {
    await expectAllowed(home, 'zod');
    await expectAllowed(home, './catalog.ts');
  });
});

describe('packages/browser: only what both apps already hold', () => {
  const shared = 'packages/browser/src/list-table.tsx';
  it('allows React, TanStack Query, antd and contracts', async () => {
    for (const source of ['react', '@tanstack/react-query', 'antd', 'antd/es/table', '@yance/contracts/money'])
      await expectAllowed(shared, source);
  });
  it('refuses any other library', async () => {
    await expectForbidden(shared, 'dayjs');
    await expectForbidden(shared, 'react-router');
  });
});

describe('server: routes → services → repositories → db', () => {
  const m = 'apps/server/src/modules';
  it('only repositories and db/ touch drizzle-orm and the schema', async () => {
    await expectForbidden(`${m}/user/user.service.ts`, '../../db/schema-accounts.ts');
    await expectForbidden(`${m}/user/user.service.ts`, 'drizzle-orm');
    await expectForbidden(`${m}/user/user.routes.ts`, '../../db/schema.ts');
    await expectForbidden(`${m}/account/password.ts`, 'drizzle-orm');
    await expectForbidden('apps/server/src/lib/db-errors.ts', 'drizzle-orm');
    await expectForbidden('apps/server/src/plugins/db.ts', 'drizzle-orm/pglite');
    await expectAllowed(`${m}/user/user.repository.ts`, 'drizzle-orm');
    await expectAllowed(`${m}/user/user.repository.ts`, '../../db/schema-accounts.ts');
    await expectAllowed('apps/server/src/db/client.ts', 'drizzle-orm/pglite');
    await expectAllowed('apps/server/src/db/seed/seed.ts', '../schema.ts');
  });
  it('routes never import repositories', async () => {
    await expectForbidden(`${m}/address/address.routes.ts`, './address.repository.ts');
    await expectAllowed(`${m}/address/address.routes.ts`, './address.service.ts');
  });
  it('a module uses another only through its index.ts', async () => {
    await expectForbidden(`${m}/home/home.service.ts`, '../catalog/catalog.repository.ts');
    await expectForbidden(`${m}/home/home.service.ts`, '../sms/sms-aliyun.ts');
    await expectForbidden(`${m}/home/home.service.ts`, '../catalog/catalog.service.ts');
    await expectForbidden(`${m}/content-admin/admin-write.ts`, '../catalog/catalog-events.ts');
    await expectForbidden(`${m}/account/account.routes.ts`, '../session/session.service.ts');
    await expectAllowed(`${m}/home/home.service.ts`, '../catalog/index.ts');
    await expectAllowed(`${m}/content-admin/admin-write.ts`, '../catalog/index.ts');
    await expectAllowed(`${m}/account/account.routes.ts`, '../session/index.ts');
    await expectAllowed(`${m}/home/home.service.ts`, './home.repository.ts');
    await expectAllowed(`${m}/home/home.routes.ts`, './home.service.ts');
  });
  it('app.ts, subscribers.ts, the seed and the benchmarks too', async () => {
    await expectForbidden('apps/server/src/app.ts', './modules/order/order.routes.ts');
    await expectForbidden('apps/server/src/subscribers.ts', './modules/order/order-events.ts');
    await expectForbidden('apps/server/src/db/seed/demo-orders.ts', '../../modules/order/order.service.ts');
    await expectForbidden('scripts/bench/orders.ts', '../../apps/server/src/modules/account/password.ts');
    await expectAllowed('apps/server/src/app.ts', './modules/order/index.ts');
    await expectAllowed('apps/server/src/subscribers.ts', './modules/order/index.ts');
    await expectAllowed('apps/server/src/db/seed/demo-orders.ts', '../../modules/order/index.ts');
    await expectAllowed('scripts/bench/orders.ts', '../../apps/server/src/modules/account/index.ts');
  });
  it('the front door re-exports its own module only', async () => {
    await expectAllowed(`${m}/order/index.ts`, './order-api.service.ts');
    await expectAllowed(`${m}/order/index.ts`, './order.routes.ts');
    await expectForbidden(`${m}/order/index.ts`, '../lab/index.ts');
    await expectForbidden(`${m}/order/index.ts`, '../lab/lab.service.ts');
    await expectForbidden(`${m}/order/index.ts`, '../../db/schema.ts');
  });
  it('shared code never reaches up into modules, plugins or the app', async () => {
    await expectForbidden('apps/server/src/lib/reply.ts', '../modules/user/user.service.ts');
    await expectForbidden('apps/server/src/plugins/auth.ts', '../modules/session/session.service.ts');
    await expectForbidden(`${m}/session/session.service.ts`, '../../plugins/auth.ts');
    await expectForbidden('apps/server/src/config/env.ts', '../app.ts');
  });
});

describe('e2e drives the app from outside', () => {
  it('never imports server or web source', async () => {
    await expectForbidden('e2e/support/server.ts', '../../apps/server/src/app.ts');
    await expectForbidden('e2e/support/accounts.ts', '../../apps/server/src/db/schema.ts');
    await expectForbidden('e2e/home.spec.ts', '../apps/web/src/config/paths.ts');
    await expectForbidden('e2e/support/accounts.ts', 'drizzle-orm');
  });
  it('uses contracts and its own support', async () => {
    await expectAllowed('e2e/home.spec.ts', './support/browser.ts');
    await expectAllowed('e2e/home.spec.ts', '@yance/contracts/home');
    await expectAllowed('e2e/home.spec.ts', 'playwright-core');
  });
});

it('every linted file belongs to a known element', async () => {
  const [result] = await eslint.lintText('export const x = 1;\n', { filePath: path.join(root, 'packages/somewhere-new/src/x.ts') });
  expect(result!.messages.map((m) => m.ruleId)).toContain('boundaries/no-unknown-files');
});
