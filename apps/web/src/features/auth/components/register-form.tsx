import { signForm } from '@yance/contracts/account';
import { Button, Form, Input } from 'antd';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { clearErrorsOnChange, validateWith } from '@/lib/form-validation.ts';
import { forgetInviteCode, readInviteCode } from '@/lib/invite-code.ts';
import { useSign } from '../api/sign.ts';
import { completeLogin } from '../utils/complete-login.ts';
import { FormError } from './form-error.tsx';
import { SmsCodeField } from './sms-code-field.tsx';
import styles from './auth-dialog.module.css';
import { PhoneInput } from './phone-input.tsx';

interface RegisterValues {
  phone: string;
  code: string;
  password: string;
  confirm: string;
  inviterCode: string;
}
const FIELDS = ['phone', 'code', 'password', 'confirm', 'inviterCode'] as const;

/** Register (spec §5: only the first error shows). Registering signs the new user in. */
export function RegisterForm({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<RegisterValues>();
  const sign = useSign();
  const submit = () => {
    const values = validateWith(form, signForm, form.getFieldsValue([...FIELDS]), true);
    if (!values) return;
    const { confirm: _confirm, ...body } = values;
    sign.mutate(body, {
      onSuccess: (pair) => {
        forgetInviteCode();
        completeLogin(pair, '注册成功!');
        onDone();
      },
    });
  };
  const onChange = clearErrorsOnChange(form, sign);
  return (
    <Form
      form={form}
      className={styles.form}
      initialValues={{ inviterCode: readInviteCode() ?? '' }}
      onFinish={submit}
      onValuesChange={onChange}
      aria-label="注册"
    >
      <Form.Item name="phone">
        <PhoneInput />
      </Form.Item>
      <Form.Item name="code">
        <SmsCodeField form={form} phoneField="phone" useFor={0} />
      </Form.Item>
      <Form.Item name="password">
        <Input.Password size="large" maxLength={128} placeholder="密码（至少8位）" autoComplete="new-password" aria-label="密码" />
      </Form.Item>
      <Form.Item name="confirm">
        <Input.Password size="large" maxLength={128} placeholder="确认密码" autoComplete="new-password" aria-label="确认密码" />
      </Form.Item>
      <Form.Item name="inviterCode">
        <Input size="large" maxLength={32} placeholder="邀请码（选填）" aria-label="邀请码" />
      </Form.Item>
      <FormError error={sign.error} />
      <Button type="primary" size="large" htmlType="submit" block loading={sign.isPending}>
        注册
      </Button>
      <p className={styles.agree}>
        注册即表示同意<Link to={paths.license()}>《用户协议》</Link>与<Link to={paths.policy()}>《隐私政策》</Link>
      </p>
    </Form>
  );
}
