// The lab's parts of an order's detail, plugged into the order's port by the
// composition root (src/ports.ts, ADR 0060): the order's read models show
// them without importing the lab.
import type { OrderDetailParts } from '../order/index.ts';
import { labDetailOf, trackingOf } from './lab.service.ts';
import { adminFiles, customerFiles } from './result-file.service.ts';

export const labOrderDetailParts: OrderDetailParts = { tracking: trackingOf, lab: labDetailOf, customerFiles, adminFiles };
