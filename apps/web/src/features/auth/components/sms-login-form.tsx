import { loginForCodeBody } from '@yance/contracts/account';
import { Form } from 'antd';
import { useLoginForCode, type LoginForCodeInput } from '../api/login-for-code.ts';
import { completeLoginThen } from '../utils/complete-login.ts';
import { AuthForm } from './auth-form.tsx';
import { PhoneCodeFields } from './phone-code-fields.tsx';

/** 短信登录: phone and a code sent with useFor 3. */
export function SmsLoginForm({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<LoginForCodeInput>();
  const login = useLoginForCode();
  return (
    <AuthForm
      form={form}
      label="短信登录"
      schema={loginForCodeBody}
      fields={['phone', 'code']}
      action={login}
      submitText="登录"
      onValid={(values) => login.mutate(values, { onSuccess: completeLoginThen(onDone) })}
    >
      <PhoneCodeFields form={form} useFor={3} />
    </AuthForm>
  );
}
