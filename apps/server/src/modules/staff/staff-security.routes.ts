import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { setupFirstAdmin } from './first-admin.service.ts';
import { changeOwnPassword } from './staff-password.service.ts';
import { disableTotp, enableTotp, resetStaffTotp, setupTotp } from './totp.service.ts';

/** Own password, TOTP, and the first admin (ADR 0038); declared in @yance/contracts/api/staff-security. */
export const staffSecurityRoutes = (ctx: AppContext) =>
  ({
    adminPassword: ({ staff, body, ip }) => changeOwnPassword(ctx, staff, body, ip),
    totpSetup: ({ staff, ip }) => setupTotp(ctx, staff, ip),
    totpEnable: ({ staff, body, ip }) => enableTotp(ctx, staff, body.code, ip),
    totpDisable: ({ staff, body, ip }) => disableTotp(ctx, staff, body.code, ip),
    staffResetTotp: ({ staff, body, ip }) => resetStaffTotp(ctx, staff, body.id, ip),
    adminSetup: ({ body, ip }) => setupFirstAdmin(ctx, body, ip),
  }) satisfies Handlers;
