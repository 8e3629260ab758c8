import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import {
  assignCustomer,
  customerDetail,
  listCustomers,
  reviewAttestation,
  setCreditLimit,
  setCustomerDisabled,
} from './customer.service.ts';
import { managerOptions } from './manager.service.ts';

/** Customers in the console (ADR 0035); declared in @yance/contracts/api/customer. */
export const customerRoutes = (ctx: AppContext) =>
  ({
    customerList: ({ staff, query }) => listCustomers(ctx, staff, query),
    customerDetail: ({ staff, query }) => customerDetail(ctx, staff, query.id),
    customerDisable: ({ staff, body, ip }) => setCustomerDisabled(ctx, staff, body.id, true, ip),
    customerCredit: ({ staff, body, ip }) => setCreditLimit(ctx, staff, body.id, body.creditLimitFen, ip),
    customerEnable: ({ staff, body, ip }) => setCustomerDisabled(ctx, staff, body.id, false, ip),
    customerReview: ({ staff, body, ip }) => reviewAttestation(ctx, staff, body, ip),
    customerManagers: () => managerOptions(ctx),
    customerAssign: ({ staff, body, ip }) => assignCustomer(ctx, staff, body.customerId, body.managerId, ip),
  }) satisfies Handlers;
