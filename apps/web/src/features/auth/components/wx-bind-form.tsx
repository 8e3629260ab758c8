import { wxBindForm } from '@yance/contracts/account';
import { Form } from 'antd';
import { useWxBind } from '../api/wx-bind.ts';
import { AuthForm } from './auth-form.tsx';
import { ConsentField } from './consent-field.tsx';
import { PhoneCodeFields } from './phone-code-fields.tsx';
import styles from './auth-dialog.module.css';

interface BindValues {
  phone: string;
  code: string;
  agree: boolean;
}

/**
 * Official account, first scan of a WeChat identity we do not know: the user
 * proves a phone by SMS (useFor 3). A phone with an account gets this WeChat
 * bound to it; a new phone becomes a new account, hence the consent box.
 * Once bound, the QR tab's polling (still running) picks up the session.
 */
export function WxBindForm({ ticket }: { ticket: string }) {
  const [form] = Form.useForm<BindValues>();
  const bind = useWxBind();
  return (
    <div className={styles.bind} data-testid="wx-bind">
      <p className={styles.bindHint}>
        <strong>已扫码</strong>首次使用微信登录，请绑定手机号（未注册的手机号将自动注册）
      </p>
      <AuthForm
        form={form}
        label="绑定手机号"
        schema={wxBindForm}
        fields={['phone', 'code', 'agree']}
        firstErrorOnly
        action={bind}
        initialValues={{ agree: false }}
        submitText="绑定并登录"
        onValid={({ phone, code }) => bind.mutate({ ticket, phone, code, agree: true })}
      >
        <PhoneCodeFields form={form} useFor={3} />
        <ConsentField />
      </AuthForm>
    </div>
  );
}
