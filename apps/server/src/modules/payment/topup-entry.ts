// A top-up as the customer's and the console's pages read it.
import type { TopupEntry } from '@yance/contracts/topup';
import { iso } from './money-format.ts';
import type { TopupRow } from './topup.repository.ts';

export const toTopupEntry = (t: TopupRow): TopupEntry => ({
  id: t.id,
  no: t.no,
  method: t.method,
  gateway: t.gateway,
  amountFen: t.amountFen,
  bonusFen: t.bonusFen,
  state: t.state,
  payer: t.payer,
  wantInvoice: t.wantInvoice,
  payOrderIds: t.payOrderIds,
  note: t.note,
  createdAt: t.createdAt.toISOString(),
  creditedAt: iso(t.creditedAt),
});
