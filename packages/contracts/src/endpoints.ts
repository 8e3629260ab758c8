import { accountEndpoints } from './api/account.ts';
import { catalogEndpoints } from './api/catalog.ts';
import { contentAdminEndpoints } from './api/content-admin.ts';
import { catalogAdminEndpoints } from './api/catalog-admin.ts';
import { contentEndpoints } from './api/content.ts';
import { jobEndpoints } from './api/job.ts';
import { labEndpoints } from './api/lab.ts';
import { messageEndpoints } from './api/message.ts';
import { noticeOutboxEndpoints } from './api/notice-outbox.ts';
import { callTaskEndpoints } from './api/call-task.ts';
import { orderEndpoints } from './api/order.ts';
import { samplingEndpoints } from './api/sampling.ts';
import { pickupEndpoints } from './api/pickup.ts';
import { bookingEndpoints } from './api/booking.ts';
import { demandEndpoints } from './api/demand.ts';
import { contractEndpoints } from './api/contract.ts';
import { evaluationEndpoints } from './api/evaluation.ts';
import { prestoreEndpoints } from './api/prestore.ts';
import { clusterEndpoints } from './api/cluster.ts';
import { invoiceEndpoints } from './api/invoice.ts';
import { couponEndpoints } from './api/coupon.ts';
import { inviteEndpoints } from './api/invite.ts';
import { promotionEndpoints } from './api/promotion.ts';
import { settingAdminEndpoints } from './api/setting-admin.ts';
import { smsOutboxEndpoints } from './api/sms-outbox.ts';
import { customerEndpoints } from './api/customer.ts';
import { dashboardEndpoints } from './api/dashboard.ts';
import { staffEndpoints } from './api/staff.ts';
import { staffSecurityEndpoints } from './api/staff-security.ts';
import { userEndpoints } from './api/user.ts';
import type { Endpoint } from './endpoint.ts';
import type { RouteName } from './routes.ts';

/** Every call of the API by name: what the server registers and the clients call (ADR 0009). */
export const endpoints = {
  ...catalogEndpoints,
  ...contentEndpoints,
  ...accountEndpoints,
  ...userEndpoints,
  ...staffEndpoints,
  ...jobEndpoints,
  ...contentAdminEndpoints,
  ...settingAdminEndpoints,
  ...staffSecurityEndpoints,
  ...smsOutboxEndpoints,
  ...catalogAdminEndpoints,
  ...customerEndpoints,
  ...dashboardEndpoints,
  ...orderEndpoints,
  ...samplingEndpoints,
  ...pickupEndpoints,
  ...labEndpoints,
  ...messageEndpoints,
  ...noticeOutboxEndpoints,
  ...callTaskEndpoints,
  ...bookingEndpoints,
  ...demandEndpoints,
  ...contractEndpoints,
  ...evaluationEndpoints,
  ...prestoreEndpoints,
  ...clusterEndpoints,
  ...invoiceEndpoints,
  ...couponEndpoints,
  ...inviteEndpoints,
  ...promotionEndpoints,
} as const satisfies { [K in RouteName]: Endpoint };

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

// Every route has its schemas and every schema set has a route: a missing or extra name fails the build.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const namesMatch: Exactly<EndpointName, RouteName> = true;
void namesMatch;
