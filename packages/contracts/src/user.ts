import { z } from 'zod';
import { currentPassword, phone, smsCode } from './account.ts';
import { oneOf } from './numbers.ts';
import { ATTESTATION_STATES } from './states.ts';
import { text } from './text.ts';
import { createKey } from './idempotency.ts';

/** organization of the profile form (spec §3): 0 student, 3 teacher, 1 individual, 2 enterprise. */
export const ORGANIZATIONS = { student: 0, individual: 1, enterprise: 2, teacher: 3 } as const;
export const ORGANIZATION_NAMES: Record<number, string> = { 0: '学生', 3: '教师', 1: '个人', 2: '企业' };
/** What the profile form calls the company field for this kind of customer: its label and its messages (issue 21). */
export const companyLabel = (organization: number | undefined) => (organization === ORGANIZATIONS.enterprise ? '公司名称' : '单位名称');

// The profile form names its fields 「like this」 (spec §5).
const filled = (label: string, max: number) => text(label, { max, brackets: '「」' });
const optional = (label: string, max: number) => text(label, { max, brackets: '「」', required: false });
const isEmail = (v: string) => z.email().safeParse(v).success;

/** Attestation / profile form (spec §3, rules of §5). */
export const profileForm = z
  .object({
    name: filled('姓名', 32),
    email: filled('邮箱', 64).email('「邮箱」格式不正确'),
    organization: oneOf('用户类型', Object.values(ORGANIZATIONS), { wrong: '「用户类型」不能为空', missing: '「用户类型」不能为空' }),
    // Required below, named as the form labels it for this kind of customer (公司名称 or 单位名称).
    company: optional('单位名称', 64),
    teacher: optional('导师', 32).optional().default(''),
    teacher_phone: optional('导师手机', 11)
      .regex(/^$|^1[3-9]\d{9}$/, '「导师手机」格式不正确')
      .optional()
      .default(''),
    teacher_mail: optional('导师邮箱', 64)
      .refine((v) => v === '' || isEmail(v), '「导师邮箱」格式不正确')
      .optional()
      .default(''),
    region: filled('所在地区', 6).regex(/^\d{6}$/, '「所在地区」格式不正确'),
    address: filled('详细地址', 128),
  })
  .superRefine((v, ctx) => {
    if (!v.company) ctx.addIssue({ code: 'custom', path: ['company'], message: `「${companyLabel(v.organization)}」不能为空` });
    if (v.organization === ORGANIZATIONS.student && !v.teacher) {
      ctx.addIssue({ code: 'custom', path: ['teacher'], message: '「导师」不能为空' });
    }
  });
export type ProfileForm = z.infer<typeof profileForm>;

/** A checkbox that may arrive as JSON true/false or form text "true"/"1". */
const formBoolean = z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.boolean());

/** Address (spec §3). address_code is the 6-digit county code; address_rid its id. */
export const addressForm = z.object({
  name: text('姓名', { max: 32 }),
  phone: phone('手机'),
  province: text('省份', { max: 32 }),
  city: text('城市', { max: 32 }),
  area: text('区县', { max: 32 }),
  address: text('详细地址', { max: 128 }),
  address_code: text('所在地区', { max: 6 }).regex(/^\d{6}$/, '[所在地区]格式不正确'),
  default: formBoolean,
});
export type AddressForm = z.infer<typeof addressForm>;
/** address/add: the form and the create call's key (ADR 0061). */
export const addressAddBody = addressForm.extend({ idempotencyKey: createKey });

// default is a plain boolean here: the form's preprocess cannot run backwards when the server serialises a response.
export const address = addressForm.extend({ address_rid: z.string(), default: z.boolean() });
export type Address = z.infer<typeof address>;

/** The signed-in user as user/info returns it (spec §3: userInfo.account, address list, cartNum). */
export const userInfo = z.object({
  /** User name if set, otherwise the phone number: what the header shows. */
  account: z.string(),
  username: z.string().nullable(),
  phone: z.string(),
  inviteCode: z.string(),
  /** Profile (attestation) fields; empty until the form is filled. */
  name: z.string(),
  email: z.string(),
  organization: z.number().int().nullable(),
  company: z.string(),
  teacher: z.string(),
  teacher_phone: z.string(),
  teacher_mail: z.string(),
  region: z.string(),
  address: z.string(),
  /** True once the profile form has been completed; ordering requires it. */
  attested: z.boolean(),
  wechatBound: z.boolean(),
  created: z.string(),
  /** Review of the attestation (ADR 0035): none, pending, approved or rejected; attested stays the spec's "form filled". */
  attestationState: z.enum(ATTESTATION_STATES),
  /** Why it was rejected, for the customer to fix; '' otherwise. */
  attestationReason: z.string(),
  /** The dedicated account manager (spec §1); null while the shop has none. */
  manager: z.object({ name: z.string(), phone: z.string(), email: z.string(), wechatQr: z.string() }).nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const userInfoResponse = z.object({ userInfo, address: z.array(address), cartNum: z.number().int() });
export type UserInfoResponse = z.infer<typeof userInfoResponse>;

/** updateInfo: choose a user name to log in with (letters, digits, underscore; not all digits). */
export const updateInfoBody = z.object({
  username: text('用户名', { max: 20 }).regex(/^[A-Za-z][A-Za-z0-9_]{3,19}$/, '[用户名]为4-20位字母、数字或下划线，以字母开头'),
});

/**
 * update4contact (ADR 0021): the new phone, proven by a code sent to it
 * (useFor 4), and the account holder, proven by the current password or by a
 * code sent to the current phone (useFor 5, code4currentPhone) — exactly one.
 */
export const update4contactBody = z
  .object({
    phone: phone('新手机号'),
    code: smsCode,
    password: currentPassword.optional(),
    currentCode: smsCode.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.password === undefined && v.currentCode === undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: '[身份验证]请输入当前密码，或当前手机号收到的验证码' });
    } else if (v.password !== undefined && v.currentCode !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: '[身份验证]当前密码与当前手机验证码只需填写一项' });
    }
  });
export type Update4contactBody = z.infer<typeof update4contactBody>;

export const addressRidBody = z.object({ address_rid: text('地址', { max: 32 }) });
export const addressEditBody = addressForm.extend(addressRidBody.shape);
