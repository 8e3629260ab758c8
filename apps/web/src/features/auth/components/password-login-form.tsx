import { loginBody } from '@yance/contracts/account';
import { Form } from 'antd';
import { useLogin, type LoginInput } from '../api/login.ts';
import { completeLoginThen } from '../utils/complete-login.ts';
import { AccountPasswordFields } from './account-password-fields.tsx';
import { AuthForm } from './auth-form.tsx';

/** 密码登录: user name or phone, and password (spec §5 messages from contracts). */
export function PasswordLoginForm({ onDone, account }: { onDone: () => void; account?: string }) {
  const [form] = Form.useForm<LoginInput>();
  const login = useLogin();
  return (
    <AuthForm
      form={form}
      label="密码登录"
      schema={loginBody}
      fields={['account', 'password']}
      action={login}
      initialValues={{ account }}
      submitText="登录"
      onValid={(values) => login.mutate(values, { onSuccess: completeLoginThen(onDone) })}
    >
      <AccountPasswordFields />
    </AuthForm>
  );
}
