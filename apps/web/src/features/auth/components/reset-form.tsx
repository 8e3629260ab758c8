import { resetForm } from '@yance/contracts/account';
import { Button, Form, Input } from 'antd';
import { clearErrorsOnChange, validateWith } from '@/lib/form-validation.ts';
import { notify } from '@/lib/notify.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { FormError } from './form-error.tsx';
import { SmsCodeField } from './sms-code-field.tsx';
import styles from './auth-dialog.module.css';
import { PhoneInput } from './phone-input.tsx';

interface ResetValues {
  account: string;
  code: string;
  password: string;
  confirm: string;
}
const FIELDS = ['account', 'code', 'password', 'confirm'] as const;

/** Reset password by SMS (account = phone; spec §5: only the first error shows). */
export function ResetForm({ onDone }: { onDone: (account: string) => void }) {
  const [form] = Form.useForm<ResetValues>();
  const reset = useResetPassword();
  const submit = () => {
    const values = validateWith(form, resetForm, form.getFieldsValue([...FIELDS]), true);
    if (!values) return;
    const { confirm: _confirm, ...body } = values;
    reset.mutate(body, {
      onSuccess: () => {
        notify.success('密码重置成功!');
        onDone(body.account);
      },
    });
  };
  const onChange = clearErrorsOnChange(form, reset);
  return (
    <Form form={form} className={styles.form} onFinish={submit} onValuesChange={onChange} aria-label="重置密码">
      <Form.Item name="account">
        <PhoneInput />
      </Form.Item>
      <Form.Item name="code">
        <SmsCodeField form={form} phoneField="account" useFor={1} />
      </Form.Item>
      <Form.Item name="password">
        <Input.Password size="large" maxLength={128} placeholder="新密码（至少8位）" autoComplete="new-password" aria-label="新密码" />
      </Form.Item>
      <Form.Item name="confirm">
        <Input.Password size="large" maxLength={128} placeholder="确认密码" autoComplete="new-password" aria-label="确认密码" />
      </Form.Item>
      <FormError error={reset.error} />
      <Button type="primary" size="large" htmlType="submit" block loading={reset.isPending}>
        重置密码
      </Button>
    </Form>
  );
}
