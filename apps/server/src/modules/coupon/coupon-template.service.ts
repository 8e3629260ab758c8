// Coupon templates and issuing (优惠券, issue 10, ADR 0053): the console's
// templates (rule fixed at creation), a coupon issued to a phone or at sign-up
// within the template's per-customer limit, the issued list, and the
// customer's coupon as every page shows it.
import { COUPON_ORIGIN_NAMES, couponRuleText } from '@yance/contracts/coupon-states';
import type { CouponTemplate, CouponTemplateForm, MyCoupon } from '@yance/contracts/coupon';
import type { Fen } from '@yance/contracts/money';
import { chinaToday } from '@yance/contracts/sampling-rules';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { SYSTEM_MOVER } from '../../lib/state-machine.ts';
import { changesOf, recordAudit, type Actor } from '../audit/index.ts';
import { findUserByPhone } from '../user/index.ts';
import { couponMachine } from './coupon-machine.ts';
import { ruleOf } from './coupon-rule.ts';
import * as repo from './coupon.repository.ts';
import type { CouponRow, TemplateRow } from './coupon.repository.ts';

const DAY = 86_400_000;
const staffActor = (c: StaffCaller): Actor => ({ kind: 'staff', id: c.id, name: c.name });

const toTemplate = (t: TemplateRow, issued: number, used: number): CouponTemplate => ({
  id: t.id,
  name: t.name,
  kind: t.kind,
  amountFen: t.amountFen as Fen,
  thresholdFen: t.thresholdFen as Fen,
  ratePercent: t.ratePercent,
  maxOffFen: t.maxOffFen as Fen,
  validity: t.validDays !== null ? 'days' : 'fixed',
  validFrom: t.validFrom,
  validTo: t.validTo,
  validDays: t.validDays,
  typeIds: t.typeIds,
  deviceIds: t.deviceIds,
  perUserLimit: t.perUserLimit,
  onSignup: t.onSignup,
  active: t.active,
  origin: t.origin,
  ruleText: couponRuleText(ruleOf(t)),
  issued,
  used,
  createdAt: t.createdAt.toISOString(),
});

export async function listTemplates(ctx: AppContext): Promise<CouponTemplate[]> {
  return (await repo.listTemplates(ctx.db)).map((r) => toTemplate(r.row, r.issued, r.used));
}

export async function addTemplate(ctx: AppContext, caller: StaffCaller, body: CouponTemplateForm, ip: string): Promise<CouponTemplate> {
  const scope = await repo.scopeNames(ctx.db, body.typeIds, body.deviceIds);
  if (body.typeIds.some((id) => !scope.types.has(id))) throw new AppError('INVALID', '[适用类型]不存在');
  if (body.deviceIds.some((id) => !scope.devices.has(id))) throw new AppError('INVALID', '[适用项目]不存在');
  return ctx.tx(async (t) => {
    const row = await repo.insertTemplate(t.db, {
      name: body.name,
      kind: body.kind,
      amountFen: body.kind === 'amount' ? body.amountFen : 0,
      thresholdFen: body.thresholdFen,
      ratePercent: body.kind === 'rate' ? body.ratePercent : 100,
      maxOffFen: body.kind === 'rate' ? body.maxOffFen : 0,
      validFrom: body.validity === 'fixed' ? (body.validFrom ?? null) : null,
      validTo: body.validity === 'fixed' ? (body.validTo ?? null) : null,
      validDays: body.validity === 'days' ? (body.validDays ?? null) : null,
      typeIds: [...new Set(body.typeIds)],
      deviceIds: [...new Set(body.deviceIds)],
      perUserLimit: body.perUserLimit,
      onSignup: body.onSignup,
      active: true,
      staffId: caller.id,
      createdAt: t.clock(),
    });
    await recordAudit(t, {
      actor: staffActor(caller),
      action: 'coupon.template.add',
      objectType: 'coupon_template',
      objectId: row.id,
      changes: changesOf(null, { name: row.name, rule: couponRuleText(ruleOf(row)), onSignup: row.onSignup }),
      ip,
    });
    return toTemplate(row, 0, 0);
  });
}

export async function setTemplateActive(
  ctx: AppContext,
  caller: StaffCaller,
  body: { id: number; active: boolean },
  ip: string,
): Promise<CouponTemplate> {
  return ctx.tx(async (t) => {
    const before = await repo.lockTemplate(t.db, body.id);
    if (!before) throw new AppError('NOT_FOUND', '[优惠券]不存在');
    // A programme's template follows its settings (ADR 0069): the console changes them there, not here.
    if (before.origin) throw new AppError('CONFLICT', `[优惠券]由「${COUPON_ORIGIN_NAMES[before.origin]}」的设置管理，请在其设置中修改`);
    const row = (await repo.setTemplateActive(t.db, body.id, body.active))!;
    await recordAudit(t, {
      actor: staffActor(caller),
      action: body.active ? 'coupon.template.enable' : 'coupon.template.disable',
      objectType: 'coupon_template',
      objectId: row.id,
      changes: changesOf({ active: before.active }, { active: row.active }),
      ip,
    });
    const counted = (await repo.listTemplates(t.db)).find((r) => r.row.id === row.id);
    return toTemplate(row, counted?.issued ?? 0, counted?.used ?? 0);
  });
}

/** The window a coupon of this template gets when issued now (China days, both included). */
function windowOf(t: TemplateRow, now: Date): { validFrom: string; validTo: string } {
  if (t.validDays !== null) {
    const from = chinaToday(now);
    return { validFrom: from, validTo: chinaToday(new Date(now.getTime() + (t.validDays - 1) * DAY)) };
  }
  return { validFrom: t.validFrom!, validTo: t.validTo! };
}

/** Issues one coupon of the template to the customer, within the template's per-customer limit (under the template's lock). */
async function issue(t: AppContext, template: TemplateRow, userId: number, source: CouponRow['source'], staffId: number | null) {
  if (!template.active) throw new AppError('CONFLICT', '[优惠券]已停用，不能发放');
  const now = t.clock();
  const window = windowOf(template, now);
  if (window.validTo < chinaToday(now)) throw new AppError('CONFLICT', '[优惠券]已过有效期，不能发放');
  if ((await repo.countUserCoupons(t.db, template.id, userId)) >= template.perUserLimit)
    throw new AppError('CONFLICT', `[优惠券]该客户已领取${template.perUserLimit}张，达到每人限领数量`);
  return repo.insertCoupon(t.db, { templateId: template.id, userId, state: 'usable', source, ...window, staffId, issuedAt: now });
}

/** coupon/issue (console): one coupon to the customer with this phone. */
export async function issueToPhone(
  ctx: AppContext,
  caller: StaffCaller,
  body: { templateId: number; phone: string },
  ip: string,
): Promise<MyCoupon> {
  const user = await findUserByPhone(ctx, body.phone);
  if (!user) throw new AppError('NOT_FOUND', '[手机号]没有该客户');
  return ctx.tx(async (t) => {
    const template = await repo.lockTemplate(t.db, body.templateId);
    if (!template) throw new AppError('NOT_FOUND', '[优惠券]不存在');
    const c = await issue(t, template, user.id, 'staff', caller.id);
    await couponMachine.created(t, { kind: 'staff', caller, ip }, c, 'issue', {
      changes: { userId: [null, user.id], templateId: [null, template.id] },
    });
    return (await toMyCoupons(t, [{ c, t: template, orderNo: null }]))[0]!;
  });
}

/** At sign-up (in the new account's transaction): every active 注册即送 template's coupon. */
export async function issueSignupCoupons(t: AppContext, userId: number): Promise<void> {
  const today = chinaToday(t.clock());
  for (const template of await repo.signupTemplates(t.db)) {
    if (windowOf(template, t.clock()).validTo < today) continue;
    const locked = (await repo.lockTemplate(t.db, template.id))!;
    const c = await issue(t, locked, userId, 'signup', null);
    await couponMachine.created(t, SYSTEM_MOVER, c, 'issue', {
      changes: { userId: [null, userId], templateId: [null, template.id], source: [null, 'signup'] },
    });
  }
}

export async function listIssued(ctx: AppContext, q: { templateId: number; page: number; pageSize: number }) {
  const { rows, total } = await repo.listIssued(ctx.db, q.templateId, q.pageSize, (q.page - 1) * q.pageSize);
  return {
    list: rows.map((r) => ({
      id: r.c.id,
      phone: r.phone,
      name: r.name ?? '',
      state: r.c.state,
      source: r.c.source,
      validFrom: r.c.validFrom,
      validTo: r.c.validTo,
      orderNo: r.orderNo,
      issuedAt: r.c.issuedAt.toISOString(),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function toMyCoupons(ctx: AppContext, rows: { c: CouponRow; t: TemplateRow; orderNo: string | null }[]): Promise<MyCoupon[]> {
  const names = await repo.scopeNames(
    ctx.db,
    [...new Set(rows.flatMap((r) => r.t.typeIds))],
    [...new Set(rows.flatMap((r) => r.t.deviceIds))],
  );
  return rows.map(({ c, t, orderNo }) => ({
    id: c.id,
    name: t.name,
    kind: t.kind,
    ruleText: couponRuleText(ruleOf(t)),
    amountFen: t.amountFen as Fen,
    thresholdFen: t.thresholdFen as Fen,
    ratePercent: t.ratePercent,
    scopeText:
      t.deviceIds.length > 0
        ? `限${t.deviceIds.map((id) => names.devices.get(id) ?? '').join('、')}`
        : t.typeIds.length > 0
          ? `限${t.typeIds.map((id) => names.types.get(id) ?? '').join('、')}`
          : '全部项目可用',
    typeIds: t.typeIds,
    deviceIds: t.deviceIds,
    validFrom: c.validFrom,
    validTo: c.validTo,
    state: c.state,
    orderId: c.orderId,
    orderNo,
  }));
}
