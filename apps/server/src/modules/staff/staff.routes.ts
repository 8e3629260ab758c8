import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { endSession, refreshSession } from '../session/index.ts';
import { addStaff, editStaff, listStaff, resetStaffPassword, setStaffDisabled, staffLogin, staffMe } from './staff.service.ts';
import { createOnce } from '../ledger/index.ts';

/** The console's sign-in, tokens and staff (ADR 0032); declared in @yance/contracts/api/staff. */
export const staffRoutes = (ctx: AppContext) =>
  ({
    adminLogin: ({ body, ip }) => staffLogin(ctx, body, ip),
    adminRefresh: ({ body, ip }) => refreshSession(ctx, body.token, ip, 'staff'),
    adminLogout: ({ staff }) => endSession(ctx, staff.sessionId).then(() => null),
    adminMe: ({ staff }) => staffMe(ctx, staff),
    staffList: ({ query }) => listStaff(ctx, query),
    staffAdd: ({ staff, body, ip }) => createOnce(ctx, { staffId: staff.id }, 'staff/add', body, (t, form) => addStaff(t, staff, form, ip)),
    staffEdit: ({ staff, body, ip }) => editStaff(ctx, staff, body, ip),
    staffDisable: ({ staff, body, ip }) => setStaffDisabled(ctx, staff, body.id, true, ip),
    staffEnable: ({ staff, body, ip }) => setStaffDisabled(ctx, staff, body.id, false, ip),
    staffResetPassword: ({ staff, body, ip }) => resetStaffPassword(ctx, staff, body.id, body.password, ip),
  }) satisfies Handlers;
