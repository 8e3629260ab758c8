import { describe, expect, it } from 'vitest';
import { checkImport } from './boundaries.js';

describe('import boundaries', () => {
  it('keeps features apart', () => {
    expect(checkImport('apps/web/src/features/home/components/banner.tsx', '@/features/catalog/api/get-device.ts')).toMatch(/other features/);
    expect(checkImport('apps/web/src/features/home/components/banner.tsx', '../api/get-home.ts')).toBeNull();
    expect(checkImport('apps/web/src/features/home/components/banner.tsx', '@/lib/api-client.ts')).toBeNull();
  });
  it('keeps shared layers free of domain code', () => {
    expect(checkImport('apps/web/src/components/header.tsx', '@/features/auth/hooks/use-login-prompt.ts')).toMatch(/components/);
    expect(checkImport('apps/web/src/lib/format.ts', '@/components/x.tsx')).toMatch(/lib/);
    expect(checkImport('apps/web/src/app/routes/home.tsx', '@/features/home/components/home-page.tsx')).toBeNull();
  });
  it('lets only repositories touch drizzle', () => {
    expect(checkImport('apps/server/src/modules/catalog/catalog.service.ts', 'drizzle-orm')).toMatch(/repositories/);
    expect(checkImport('apps/server/src/modules/catalog/catalog.repository.ts', 'drizzle-orm')).toBeNull();
    expect(checkImport('apps/server/src/modules/catalog/catalog.routes.ts', '../../db/schema.ts')).toMatch(/repositories/);
  });
  it('lets modules meet only through services', () => {
    expect(checkImport('apps/server/src/modules/home/home.service.ts', '../catalog/catalog.repository.ts')).toMatch(/service/);
    expect(checkImport('apps/server/src/modules/home/home.service.ts', '../catalog/catalog.service.ts')).toBeNull();
    expect(checkImport('apps/server/src/plugins/auth.ts', '../modules/account/account.service.ts')).toMatch(/never imports/);
  });
  it('keeps contracts pure', () => {
    expect(checkImport('packages/contracts/src/home.ts', 'react')).toMatch(/zod only/);
    expect(checkImport('packages/contracts/src/home.ts', './catalog.ts')).toBeNull();
  });
});
