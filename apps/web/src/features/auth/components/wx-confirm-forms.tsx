import { loginBody, loginForCodeBody, type WxTicketState } from '@yance/contracts/account';
import { Button, Form, Input } from 'antd';
import { clearErrorsOnChange, validateWith } from '@/lib/form-validation.ts';
import { useWxConfirm } from '../api/wx-confirm.ts';
import { FormError } from './form-error.tsx';
import { SmsCodeField } from './sms-code-field.tsx';
import styles from './auth-dialog.module.css';
import { PhoneInput } from './phone-input.tsx';

interface Props {
  ticket: string;
  onStatus: (status: WxTicketState) => void;
}

/** Confirm with an existing account's user name or phone and password. */
export function WxConfirmAccountForm({ ticket, onStatus }: Props) {
  const [form] = Form.useForm<{ account: string; password: string }>();
  const confirm = useWxConfirm();
  const submit = () => {
    const values = validateWith(form, loginBody, form.getFieldsValue(['account', 'password']));
    if (values) confirm.mutate({ ticket, ...values }, { onSuccess: (r) => onStatus(r.status) });
  };
  const onChange = clearErrorsOnChange(form, confirm);
  return (
    <Form form={form} className={styles.form} onFinish={submit} onValuesChange={onChange} aria-label="账号密码确认">
      <Form.Item name="account">
        <Input size="large" maxLength={64} placeholder="用户名/手机号" autoComplete="username" aria-label="用户名/手机号" />
      </Form.Item>
      <Form.Item name="password">
        <Input.Password size="large" maxLength={128} placeholder="密码" autoComplete="current-password" aria-label="密码" />
      </Form.Item>
      <FormError error={confirm.error} />
      <Button type="primary" size="large" htmlType="submit" block loading={confirm.isPending}>
        确认登录
      </Button>
    </Form>
  );
}

/** Confirm with a phone and SMS code (useFor 3); a new phone gets an account. */
export function WxConfirmPhoneForm({ ticket, onStatus }: Props) {
  const [form] = Form.useForm<{ phone: string; code: string }>();
  const confirm = useWxConfirm();
  const submit = () => {
    const values = validateWith(form, loginForCodeBody, form.getFieldsValue(['phone', 'code']));
    if (values) confirm.mutate({ ticket, ...values }, { onSuccess: (r) => onStatus(r.status) });
  };
  const onChange = clearErrorsOnChange(form, confirm);
  return (
    <Form form={form} className={styles.form} onFinish={submit} onValuesChange={onChange} aria-label="手机验证码确认">
      <Form.Item name="phone">
        <PhoneInput />
      </Form.Item>
      <Form.Item name="code">
        <SmsCodeField form={form} phoneField="phone" useFor={3} />
      </Form.Item>
      <p className={styles.note}>未注册的手机号验证后将自动创建账号</p>
      <FormError error={confirm.error} />
      <Button type="primary" size="large" htmlType="submit" block loading={confirm.isPending}>
        确认登录
      </Button>
    </Form>
  );
}
