import { loginBody, loginForCodeBody, type WxTicketState } from '@yance/contracts/account';
import { Form } from 'antd';
import { useWxConfirm } from '../api/wx-confirm.ts';
import { AccountPasswordFields } from './account-password-fields.tsx';
import { AuthForm } from './auth-form.tsx';
import { PhoneCodeFields } from './phone-code-fields.tsx';
import styles from './auth-dialog.module.css';

interface Props {
  ticket: string;
  onStatus: (status: WxTicketState) => void;
}

/** Confirm with an existing account's user name or phone and password. */
export function WxConfirmAccountForm({ ticket, onStatus }: Props) {
  const [form] = Form.useForm<{ account: string; password: string }>();
  const confirm = useWxConfirm();
  return (
    <AuthForm
      form={form}
      label="账号密码确认"
      schema={loginBody}
      fields={['account', 'password']}
      action={confirm}
      submitText="确认登录"
      onValid={(values) => confirm.mutate({ ticket, ...values }, { onSuccess: (r) => onStatus(r.status) })}
    >
      <AccountPasswordFields />
    </AuthForm>
  );
}

/** Confirm with a phone and SMS code (useFor 3); a new phone gets an account. */
export function WxConfirmPhoneForm({ ticket, onStatus }: Props) {
  const [form] = Form.useForm<{ phone: string; code: string }>();
  const confirm = useWxConfirm();
  return (
    <AuthForm
      form={form}
      label="手机验证码确认"
      schema={loginForCodeBody}
      fields={['phone', 'code']}
      action={confirm}
      submitText="确认登录"
      onValid={(values) => confirm.mutate({ ticket, ...values }, { onSuccess: (r) => onStatus(r.status) })}
    >
      <PhoneCodeFields form={form} useFor={3} />
      <p className={styles.note}>未注册的手机号验证后将自动创建账号</p>
    </AuthForm>
  );
}
