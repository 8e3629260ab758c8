import { companyLabel, ORGANIZATION_NAMES, ORGANIZATIONS, profileForm, type ProfileForm as ProfileValues } from '@yance/contracts/user';
import { PHONE_LENGTH } from '@yance/contracts/account';
import type { UserInfo } from '@yance/contracts/user';
import { Button, Form, Input, Radio } from 'antd';
import type { ReactNode } from 'react';
import { clearErrorsOnChange, validateWith } from '@/lib/form-validation.ts';
import { DEFAULT_REGION, regionPath } from '../utils/region-options.ts';
import { RegionCascader } from './region-cascader.tsx';
import { useRegionCheck } from './region-conflict.tsx';
import styles from './profile-form.module.css';

type FormValues = Omit<ProfileValues, 'region' | 'organization'> & { region?: string[]; organization?: number };

/** Spec §3 order: 0 student, 3 teacher, 1 individual, 2 enterprise. */
const ORG_ORDER = [ORGANIZATIONS.student, ORGANIZATIONS.teacher, ORGANIZATIONS.individual, ORGANIZATIONS.enterprise];

const initialOf = (user: UserInfo): Partial<FormValues> => ({
  name: user.name,
  email: user.email,
  organization: user.organization ?? undefined,
  company: user.company,
  teacher: user.teacher,
  teacher_phone: user.teacher_phone,
  teacher_mail: user.teacher_mail,
  region: regionPath(user.region || DEFAULT_REGION),
  address: user.address,
});

interface ProfileFormProps {
  user: UserInfo;
  submitting: boolean;
  onSubmit: (values: ProfileValues) => void;
  submitText?: string;
  /** Extra buttons beside submit (e.g. 稍后完善). */
  extra?: ReactNode;
}

/** The attestation / profile form of spec §3 with the rules of §5 (from contracts). */
export function ProfileForm({ user, submitting, onSubmit, submitText = '提交', extra }: ProfileFormProps) {
  const [form] = Form.useForm<FormValues>();
  const organization = Form.useWatch('organization', form);
  const regionCheck = useRegionCheck(form);
  const submit = (checked = false) => {
    const raw = form.getFieldsValue(true) as FormValues;
    const values = validateWith(form, profileForm, { ...raw, region: raw.region?.at(-1) ?? '' });
    if (values && regionCheck.passes(values.address, values.region, checked)) onSubmit(values);
  };
  const student = organization === ORGANIZATIONS.student;
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialOf(user)}
      onFinish={() => submit()}
      onValuesChange={(changed: Partial<FormValues>) => {
        clearErrorsOnChange(form)(changed);
        regionCheck.onValuesChange(changed);
      }}
      aria-label="基本信息"
    >
      <div className={styles.grid}>
        <Form.Item name="name" label="姓名" required>
          <Input maxLength={32} placeholder="真实姓名" autoComplete="name" />
        </Form.Item>
        <Form.Item name="email" label="邮箱" required>
          <Input maxLength={64} placeholder="用于接收检测报告" inputMode="email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="organization" label="用户类型" required className={styles.wide}>
          <Radio.Group options={ORG_ORDER.map((v) => ({ value: v, label: ORGANIZATION_NAMES[v] }))} />
        </Form.Item>
        <Form.Item name="company" label={companyLabel(organization)} required className={styles.wide}>
          <Input maxLength={64} placeholder={organization === ORGANIZATIONS.enterprise ? '公司全称' : '学校/研究所/公司全称'} />
        </Form.Item>
        {student && (
          <>
            <Form.Item name="teacher" label="导师" required>
              <Input maxLength={32} placeholder="导师姓名" />
            </Form.Item>
            <Form.Item name="teacher_phone" label="导师手机">
              <Input maxLength={PHONE_LENGTH} inputMode="tel" placeholder="选填" />
            </Form.Item>
            <Form.Item name="teacher_mail" label="导师邮箱" className={styles.wide}>
              <Input maxLength={64} inputMode="email" placeholder="选填" />
            </Form.Item>
          </>
        )}
        <Form.Item name="region" label="所在地区" required className={styles.wide}>
          <RegionCascader />
        </Form.Item>
        <Form.Item name="address" label="详细地址" required className={styles.wide}>
          <Input.TextArea maxLength={128} rows={2} placeholder="街道、楼栋、门牌号" />
        </Form.Item>
      </div>
      {regionCheck.question(() => submit(true))}
      <div className={styles.actions}>
        {extra}
        <Button type="primary" htmlType="submit" loading={submitting}>
          {submitText}
        </Button>
      </div>
    </Form>
  );
}
