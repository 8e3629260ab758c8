// Demo customers with plans and orders in several states (issue 9), written
// through the same services as a real customer and real staff, so every
// order has its true timeline and audit rows.
import type { OrderAddBody, SampleInput } from '@yance/contracts/order';
import type { OrderAction, OrderState } from '@yance/contracts/order-states';
import type { AddressForm, ProfileForm } from '@yance/contracts/user';
import { couponTemplateForm } from '@yance/contracts/coupon';
import { addDays } from '@yance/contracts/pickup';
import { chinaToday, isPickableDate, isSlotDisabled, slotsOf } from '@yance/contracts/sampling-rules';
import type { AppContext, StaffCaller } from '../../context.ts';
import { hashPassword } from '../../modules/account/index.ts';
import { reviewAttestation } from '../../modules/customer/index.ts';
import { addOrder, adminOrderDetail, customerMove, moveOrder } from '../../modules/order/index.ts';
import type { FileStorage } from '../../modules/media/index.ts';
import { adminReturn, reviewResult, uploadResult } from '../../modules/lab/index.ts';
import { addToPlan } from '../../modules/plan/index.ts';
import { demoResultFile } from './demo-result-files.ts';
import { addAddress, getAddresses } from '../../modules/address/index.ts';
import { addTemplate, issueToPhone } from '../../modules/coupon/index.ts';
import { adminEvaluationReply, addEvaluation, listEvaluations } from '../../modules/evaluation/index.ts';
import { assignPickup, addSampling } from '../../modules/sampling/index.ts';
import { getSettings, serviceAgreementOf } from '../../modules/setting/index.ts';
import { demoCaller } from '../../modules/staff/index.ts';
import { createUser, updateProfile } from '../../modules/user/index.ts';

/** The demo customers (demo data only; they sign in with the demo password, README), each with an address book entry. */
export const DEMO_CUSTOMERS: { phone: string; profile: ProfileForm; place: Pick<AddressForm, 'province' | 'city' | 'area'> }[] = [
  {
    phone: '13900000001',
    profile: {
      name: '张同学',
      email: 'zhang.tx@example.edu.cn',
      organization: 0,
      company: '华东理工大学 材料科学与工程学院',
      teacher: '李明',
      teacher_phone: '13900000011',
      teacher_mail: 'liming@example.edu.cn',
      region: '310104',
      address: '梅陇路130号 实验十六楼 402',
    },
    place: { province: '上海市', city: '上海市', area: '徐汇区' },
  },
  {
    phone: '13900000002',
    profile: {
      name: '周工',
      email: 'zhou@example-materials.cn',
      organization: 2,
      company: '苏州纳晶新材料科技有限公司',
      teacher: '',
      teacher_phone: '',
      teacher_mail: '',
      region: '320505',
      address: '星湖街218号 生物纳米园 B3 栋',
    },
    place: { province: '江苏省', city: '苏州市', area: '虎丘区' },
  },
];

type Staff = Record<'manager' | 'lab' | 'finance' | 'admin', StaffCaller>;

/** A sample as a customer types it. */
const sample = (name: string, form: SampleInput['form'], extra: Partial<SampleInput> = {}): SampleInput => ({
  name,
  count: 1,
  form,
  hazards: [],
  requirement: '',
  returnSample: false,
  ...extra,
});

interface DemoOrder {
  /** Items (rid, count, choices) and the samples of each. */
  lines: { rid: string; count: number; choices?: Record<string, string>; samples: SampleInput[] }[];
  /** Absent for an order with nothing to send (数据分析 only, ADR 0070). */
  delivery?: 0 | 1;
  remark?: string;
  draft?: boolean;
  /** Moves after sending, by who. */
  then?: { action: OrderAction; by: 'customer' | keyof Staff; expect: OrderState; note?: string }[];
  /** After 确认数据: the customer evaluates every line so, and the manager may reply (ADR 0048). */
  evaluation?: { stars: number; comment: string; reply?: string };
  /** The lab sends the samples asked back to the order's return address, with this courier (ADR 0070). */
  returned?: { company: string; no: string };
  /** A pick-up request (待取样) on the first open day at least `inDays` from today, collected by the lab member when `assign` (ADR 0049). */
  pickup?: { inDays: number; assign: boolean; message?: string };
}

const STUDENT_ORDERS: DemoOrder[] = [
  {
    lines: [
      {
        rid: 'd10001',
        count: 2,
        choices: { 物相检索: 'Jade 物相检索' },
        samples: [sample('LiFePO4-700℃', 'powder'), sample('LiFePO4-800℃', 'powder')],
      },
    ],
    delivery: 0,
    remark: '两个样品请用同一扫描条件，便于对比',
  },
  {
    lines: [
      {
        rid: 'd10021',
        count: 1,
        samples: [sample('TiO2 薄膜 A', 'film', { requirement: '全谱 + Ti 2p、O 1s 精细谱', returnSample: true })],
      },
    ],
    delivery: 1,
    then: [
      { action: 'receive', by: 'lab', expect: 'awaitingPickup', note: '上门取样，样品完好' },
      { action: 'startTesting', by: 'lab', expect: 'received' },
    ],
  },
  {
    lines: [{ rid: 'd10061', count: 3, samples: [sample('PVDF 膜', 'film'), sample('PAN 纤维', 'other', { count: 2 })] }],
    delivery: 0,
    then: [
      { action: 'receive', by: 'lab', expect: 'awaitingSample', note: '顺丰 SF1234567890 已签收' },
      { action: 'startTesting', by: 'lab', expect: 'received' },
      { action: 'deliver', by: 'lab', expect: 'testing', note: '原始数据与谱图已上传' },
      { action: 'confirmData', by: 'customer', expect: 'delivered' },
    ],
    evaluation: {
      stars: 5,
      comment: '三天就出了谱图，数据很干净，峰位标注清楚。客户经理还帮忙解释了结果，下次还找研测。',
      reply: '感谢您的认可！后续有新的样品随时联系我，可以帮您安排加急。',
    },
  },
  {
    lines: [{ rid: 'd10002', count: 1, samples: [sample('Cu-MOF 单晶', 'other', { hazards: ['toxic'] })] }],
    delivery: 0,
    then: [{ action: 'cancel', by: 'customer', expect: 'awaitingSample', note: '单晶尺寸不够，重新培养后再送' }],
  },
  { lines: [{ rid: 'd10024', count: 1, samples: [sample('钢渣粉末', 'powder')] }], delivery: 1, draft: true },
  // A calculation: nothing to send, its work starts at once (ADR 0070).
  {
    lines: [{ rid: 'd30001', count: 1, samples: [] }],
    remark: 'Pt(111) 表面 CO 吸附能，结构文件已发客户经理邮箱',
  },
  {
    lines: [{ rid: 'd10001', count: 2, samples: [sample('NCM811 正极粉', 'powder', { count: 2 })] }],
    delivery: 1,
    pickup: { inDays: 1, assign: true, message: '到楼下请打电话，样品在 402 门口' },
  },
  {
    lines: [{ rid: 'd10021', count: 1, samples: [sample('ZnO 纳米线阵列', 'film', { returnSample: true })] }],
    delivery: 1,
    pickup: { inDays: 3, assign: false },
  },
];

const ENTERPRISE_ORDERS: DemoOrder[] = [
  { lines: [{ rid: 'd10022', count: 5, samples: [sample('电池级碳酸锂 批次 2411', 'powder', { count: 5 })] }], delivery: 0 },
  {
    lines: [{ rid: 'd10031', count: 2, samples: [sample('VOC 吸附管', 'other', { count: 2, hazards: ['volatile'] })] }],
    delivery: 1,
    then: [{ action: 'confirmContract', by: 'manager', expect: 'contracting', note: '合同已盖章回传' }],
  },
  {
    lines: [{ rid: 'd10001', count: 3, samples: [sample('量子点粉末 QD-1', 'powder', { count: 3, returnSample: true })] }],
    delivery: 0,
    then: [
      { action: 'confirmContract', by: 'manager', expect: 'contracting' },
      { action: 'markPaid', by: 'finance', expect: 'unpaid', note: '对公转账已到账' },
      { action: 'receive', by: 'lab', expect: 'awaitingSample' },
      { action: 'startTesting', by: 'lab', expect: 'received' },
      { action: 'deliver', by: 'lab', expect: 'testing' },
      { action: 'confirmData', by: 'customer', expect: 'delivered' },
    ],
    returned: { company: '顺丰速运', no: 'SF1402260001' },
    evaluation: { stars: 4, comment: '数据质量不错，样品也按要求退回了。希望报告里能多给一些物相分析的说明。' },
  },
];

/** Puts the order's items in the plan and orders them, then walks it on by its moves. */
async function placeDemoOrder(ctx: AppContext, userId: number, staff: Staff, o: DemoOrder, files: FileStorage): Promise<void> {
  const lines: OrderAddBody['lines'] = [];
  for (const l of o.lines) {
    const { id } = await addToPlan(ctx, userId, { rid: l.rid, count: l.count, choices: l.choices ?? {} });
    lines.push({ planId: id, samples: l.samples });
  }
  // Samples asked back go to the customer's default address; an institution ticks the agreement in force.
  const asksBack = o.lines.some((l) => l.samples.some((x) => x.returnSample));
  const placed = await addOrder(ctx, userId, {
    lines,
    ...(o.delivery === undefined ? {} : { delivery: o.delivery }),
    ...(asksBack ? { returnAddressRid: (await getAddresses(ctx, userId))[0]!.address_rid } : {}),
    agreementVersion: (await serviceAgreementOf(ctx)).version,
    remark: o.remark ?? '',
    attachments: [],
    draft: o.draft ?? false,
  });
  for (const step of o.then ?? []) {
    if (step.by === 'customer') {
      await customerMove(ctx, userId, placed.id, step.action as 'cancel' | 'confirmData', step.note, '');
      continue;
    }
    // Delivery needs a reviewed result file (ADR 0041): the lab uploads a scan and passes it.
    if (step.action === 'deliver') {
      // The file of the item measured (an FTIR order gets an infrared spectrum, not an XRD pattern).
      const data = demoResultFile(o.lines[0]!.rid, placed.id);
      const part = { bytes: Buffer.from(data.text), filename: `${placed.no}-${data.suffix}`, fields: { orderId: String(placed.id) } };
      const file = await uploadResult(ctx, files, staff.lab, part, '');
      // Four eyes (issue 21): a second member passes it — the admin, who also holds the lab's permission.
      await reviewResult(ctx, staff.admin, { id: file.id, approve: true, reason: '' }, '');
    }
    // 确认收款 as finance records it: the bank's amount (the demo order's whole total, no coupon) and its reference.
    const apply =
      step.action === 'markPaid'
        ? async (_t: AppContext, row: { totalFen: number | null }) => ({
            receivedFen: [null, row.totalFen] as [unknown, unknown],
            bankRef: [null, `DEMO${placed.no.replace(/\D/g, '')}`] as [unknown, unknown],
          })
        : undefined;
    await moveOrder(ctx, { kind: 'staff', caller: staff[step.by] }, placed.id, step.action, {
      expect: step.expect,
      note: step.note,
      apply,
    });
  }
  if (o.returned) await returnDemoSamples(ctx, staff.lab, placed.id, o.returned);
  if (o.evaluation) await evaluateDemoOrder(ctx, userId, staff, placed.id, o.evaluation);
  if (o.pickup) await demoPickup(ctx, userId, placed.id, staff.lab, o.pickup);
}

/** The lab's 退还 of every sample waiting to go back, through the console's call. */
async function returnDemoSamples(ctx: AppContext, lab: StaffCaller, orderId: number, r: NonNullable<DemoOrder['returned']>) {
  const { samples } = await adminOrderDetail(ctx, lab, orderId);
  for (const s of samples.filter((x) => x.tracking.state === 'awaitingReturn'))
    await adminReturn(ctx, lab, { id: s.id, expect: 'awaitingReturn', note: '', return_company: r.company, return_no: r.no }, '');
}

/** Evaluates every line of a confirmed demo order through the customer's own call, and the manager's reply through the console's. */
async function evaluateDemoOrder(ctx: AppContext, userId: number, staff: Staff, orderId: number, e: NonNullable<DemoOrder['evaluation']>) {
  const { open } = await listEvaluations(ctx, userId, { orderId, page: 1, pageSize: 50 });
  for (const lineId of open) {
    const added = await addEvaluation(ctx, userId, { lineId, stars: e.stars, comment: e.comment });
    if (e.reply) await adminEvaluationReply(ctx, staff.manager, { id: added.id, reply: e.reply });
  }
}

/** The student books the pick-up as the dialog would (their profile's place, the first open slot), and the lab may take it. */
async function demoPickup(ctx: AppContext, userId: number, orderId: number, lab: StaffCaller, p: NonNullable<DemoOrder['pickup']>) {
  const { samplingSetting } = await getSettings(ctx, ['samplingSetting']);
  const today = chinaToday(ctx.clock());
  let date = addDays(today, p.inDays);
  while (
    !isPickableDate(date, today, samplingSetting!) ||
    slotsOf(samplingSetting!).every((x) => isSlotDisabled(date, x, samplingSetting!, ctx.clock()))
  )
    date = addDays(date, 1);
  const time = slotsOf(samplingSetting!).find((x) => !isSlotDisabled(date, x, samplingSetting!, ctx.clock()))!;
  // The demo pick-ups are the student's, at their lab in 徐汇区 (region 310104).
  const { phone, profile } = DEMO_CUSTOMERS[0]!;
  const request = await addSampling(
    ctx,
    userId,
    {
      orderId,
      type: 1,
      date,
      time,
      message: p.message ?? '',
      name: profile.name,
      phone,
      province: '上海市',
      city: '上海市',
      area: '徐汇区',
      address: profile.address,
      address_code: profile.region,
      address_rid: '',
      express_company: '',
      express_no: '',
    },
    '',
  );
  if (p.assign) await assignPickup(ctx, lab, { id: request.id, staffId: lab.id }, '');
}

/**
 * Creates the demo customers (attested and approved by their manager), a
 * plan for the student, and their orders. Runs once, right after the demo
 * data went into an empty database (server.ts).
 */
export async function seedDemoOrders(ctx: AppContext, password: string, files: FileStorage): Promise<void> {
  const found = await Promise.all((['manager', 'lab', 'finance', 'admin'] as const).map((a) => demoCaller(ctx, a)));
  if (found.some((s) => !s)) return;
  const [manager, lab, finance, admin] = found as StaffCaller[];
  const staff: Staff = { manager: manager!, lab: lab!, finance: finance!, admin: admin! };
  const passwordHash = await hashPassword(password);
  const ids: number[] = [];
  for (const c of DEMO_CUSTOMERS) {
    const id = await createUser(ctx, { phone: c.phone, passwordHash, agreedAt: ctx.clock() });
    await updateProfile(ctx, id, c.profile);
    await reviewAttestation(ctx, staff.manager, { id, approve: true, reason: '' }, '');
    // Their profile address in the address book (the default): an attested customer with one gets no popup at sign-in.
    const p = c.profile;
    await addAddress(ctx, id, { name: p.name, phone: c.phone, ...c.place, address: p.address, address_code: p.region, default: true });
    ids.push(id);
  }
  const [student, enterprise] = ids as [number, number];
  for (const o of STUDENT_ORDERS) await placeDemoOrder(ctx, student, staff, o, files);
  for (const o of ENTERPRISE_ORDERS) await placeDemoOrder(ctx, enterprise, staff, o, files);
  // Something waiting in the student's plan.
  await addToPlan(ctx, student, { rid: 'd10023', count: 2, choices: {} });
  await addToPlan(ctx, student, { rid: 'd10033', count: 1, choices: {} });
  // Coupons to choose from at ordering (given after the orders, which used none).
  for (const form of DEMO_COUPONS) {
    const template = await addTemplate(ctx, staff.finance, couponTemplateForm.parse(form), '');
    for (const c of DEMO_CUSTOMERS) await issueToPhone(ctx, staff.finance, { templateId: template.id, phone: c.phone }, '');
  }
}

/** The demo's coupon templates (not 注册即送: a new customer of the demo gets none), each given to both demo customers. */
const DEMO_COUPONS = [
  { name: '新客检测满减券', kind: 'amount', amountFen: 3_000, thresholdFen: 30_000, validity: 'days', validDays: 90 },
  { name: '表征测试九折券', kind: 'rate', ratePercent: 90, maxOffFen: 20_000, validity: 'days', validDays: 60 },
] as const;
