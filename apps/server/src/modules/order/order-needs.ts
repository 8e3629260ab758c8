// What an order needs besides its lines (issue 21 "every promise kept", ADR 0070): what each line's kind asks for
// (samples, a delivery method) by contracts' line-kinds.ts, the address samples asked back go to, and the service
// agreement an institution accepts. Checked in order/add's transaction; a refusal changes nothing.
import { lineRefusal, NO_DELIVERY_NEEDED, orderNeedsSamples } from '@yance/contracts/line-kinds';
import { RETURN_ADDRESS_MISSING, type OrderAddBody, type ReturnAddress } from '@yance/contracts/order';
import type { DeliveryMethod, OrderKind } from '@yance/contracts/order-states';
import { AGREEMENT_NEEDED, agreementChanged } from '@yance/contracts/service-agreement';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { getAddresses } from '../address/index.ts';
import { serviceAgreementOf } from '../setting/index.ts';

/** A line as its kind's rule reads it: the item's name and type, and how many samples the customer declared. */
export interface LineOfKind {
  name: string;
  typeId: number;
  samples: number;
}

/**
 * Each line as its kind allows (a 数据分析 line without a sample form, a sample line with samples, no 现场预约 line)
 * and the order's delivery: the method chosen when a line needs samples, null when none does (nothing is sent).
 */
export function deliveryFor(lines: readonly LineOfKind[], body: Pick<OrderAddBody, 'draft' | 'delivery'>): DeliveryMethod | null {
  for (const line of lines) {
    const refused = lineRefusal(line, body.draft);
    if (refused) throw new AppError('INVALID', refused);
  }
  if (!orderNeedsSamples(lines.map((l) => l.typeId))) {
    if (!body.draft && body.delivery !== undefined) throw new AppError('INVALID', NO_DELIVERY_NEEDED);
    return null;
  }
  if (body.delivery === undefined && !body.draft) throw new AppError('INVALID', '[送样方式]不能为空');
  return body.delivery ?? null;
}

/**
 * The return address, copied from the caller's address book when a sample is asked back (a sent order needs one; the
 * contract says so first); null when nothing comes back. An address not in the caller's book is refused.
 */
export async function returnAddressFor(
  t: AppContext,
  userId: number,
  body: Pick<OrderAddBody, 'lines' | 'returnAddressRid'>,
): Promise<ReturnAddress | null> {
  const asked = body.lines.some((l) => l.samples.some((s) => s.returnSample));
  if (!asked || !body.returnAddressRid) return null;
  const found = (await getAddresses(t, userId)).find((a) => a.address_rid === body.returnAddressRid);
  if (!found) throw new AppError('INVALID', RETURN_ADDRESS_MISSING);
  const { default: _default, ...place } = found;
  return place;
}

/**
 * The agreement an institution's sent order is placed under: the version in force, ticked by the customer (400 when
 * not ticked, 409 when the text changed since the page showed it). An enterprise signs a contract instead; a draft
 * accepts nothing yet.
 */
export async function agreementFor(
  t: AppContext,
  kind: OrderKind,
  body: Pick<OrderAddBody, 'draft' | 'agreementVersion'>,
): Promise<{ agreementVersion: number | null; agreementAcceptedAt: Date | null }> {
  if (kind !== 'institution' || body.draft) return { agreementVersion: null, agreementAcceptedAt: null };
  if (body.agreementVersion === undefined) throw new AppError('INVALID', AGREEMENT_NEEDED);
  const current = await serviceAgreementOf(t);
  if (body.agreementVersion !== current.version) throw new AppError('CONFLICT', agreementChanged(current.title));
  return { agreementVersion: current.version, agreementAcceptedAt: t.clock() };
}
