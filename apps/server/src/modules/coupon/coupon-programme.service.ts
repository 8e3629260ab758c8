// A programme's coupon (ADR 0069): the invitation programme gives each
// invitee a new-customer coupon at registration, its amount, threshold and
// validity from the programme's settings. It is a real coupon of a real
// template (origin `invite`), so the order's picker, 满减 rule, window and
// giving back treat it like any other. The template is made from the
// settings when first needed and replaced when they change (a template's
// rule is fixed at creation); issued coupons keep their terms.
import { couponRuleText, type CouponOrigin } from '@yance/contracts/coupon-states';
import { chinaToday } from '@yance/contracts/sampling-rules';
import type { AppContext } from '../../context.ts';
import { SYSTEM_MOVER } from '../../lib/state-machine.ts';
import { recordAudit, SYSTEM } from '../audit/index.ts';
import * as repo from './coupon.repository.ts';
import { couponMachine } from './coupon-machine.ts';
import { ruleOf } from './coupon-rule.ts';

const DAY = 86_400_000;

/** The coupon a programme gives: 满减 on every item. */
export interface ProgrammeCoupon {
  origin: CouponOrigin;
  name: string;
  amountFen: number;
  thresholdFen: number;
  validDays: number;
}

/** The programme's active template when it has these terms; else the old one stopped and one with them made (under the origin's lock). */
async function templateFor(t: AppContext, c: ProgrammeCoupon) {
  await repo.lockOrigin(t.db, c.origin);
  const current = await repo.activeOriginTemplate(t.db, c.origin);
  if (
    current &&
    current.name === c.name &&
    current.kind === 'amount' &&
    current.amountFen === c.amountFen &&
    current.thresholdFen === c.thresholdFen &&
    current.validDays === c.validDays
  )
    return current;
  await repo.retireOriginTemplate(t.db, c.origin);
  const row = await repo.insertTemplate(t.db, {
    name: c.name,
    kind: 'amount',
    amountFen: c.amountFen,
    thresholdFen: c.thresholdFen,
    validDays: c.validDays,
    perUserLimit: 1,
    onSignup: false,
    active: true,
    origin: c.origin,
    staffId: null,
    createdAt: t.clock(),
  });
  await recordAudit(t, {
    actor: SYSTEM,
    action: 'coupon.template.add',
    objectType: 'coupon_template',
    objectId: row.id,
    changes: { name: [null, row.name], rule: [null, couponRuleText(ruleOf(row))], origin: [null, c.origin] },
  });
  return row;
}

/**
 * Issues the programme's coupon to the customer, in the caller's
 * transaction — once: a customer who holds one of this source already gets
 * nothing more (false), and user_coupon_invite_idx refuses a second.
 */
export async function issueProgrammeCoupon(t: AppContext, userId: number, c: ProgrammeCoupon): Promise<boolean> {
  if (c.amountFen <= 0 || (await repo.hasCouponFrom(t.db, userId, c.origin))) return false;
  const template = await templateFor(t, c);
  const now = t.clock();
  const coupon = await repo.insertCoupon(t.db, {
    templateId: template.id,
    userId,
    state: 'usable',
    source: c.origin,
    validFrom: chinaToday(now),
    validTo: chinaToday(new Date(now.getTime() + (c.validDays - 1) * DAY)),
    staffId: null,
    issuedAt: now,
  });
  await couponMachine.created(t, SYSTEM_MOVER, coupon, 'issue', {
    changes: { userId: [null, userId], templateId: [null, template.id], source: [null, c.origin] },
  });
  return true;
}
