import { signForm } from '@yance/contracts/account';
import { Form, Input } from 'antd';
import { forgetInviteCode, readInviteCode } from '@/lib/invite-code.ts';
import { useSign } from '../api/sign.ts';
import { completeLoginThen } from '../utils/complete-login.ts';
import { NewPasswordFields } from './account-password-fields.tsx';
import { AuthForm } from './auth-form.tsx';
import { ConsentField } from './consent-field.tsx';
import { PhoneCodeFields } from './phone-code-fields.tsx';

interface RegisterValues {
  phone: string;
  code: string;
  password: string;
  confirm: string;
  inviterCode: string;
  agree: boolean;
}

/**
 * Register (spec §5: only the first error shows). Registering signs the new
 * user in, after the consent box (ConsentField) is ticked.
 */
export function RegisterForm({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<RegisterValues>();
  const sign = useSign();
  return (
    <AuthForm
      form={form}
      label="注册"
      schema={signForm}
      fields={['phone', 'code', 'password', 'confirm', 'inviterCode', 'agree']}
      firstErrorOnly
      action={sign}
      initialValues={{ inviterCode: readInviteCode() ?? '', agree: false }}
      submitText="注册"
      onValid={({ confirm: _confirm, agree: _agree, ...body }) =>
        // signForm let this through only with the box ticked.
        sign.mutate(
          { ...body, agree: true },
          {
            onSuccess: completeLoginThen(() => {
              forgetInviteCode();
              onDone();
            }, '注册成功!'),
          },
        )
      }
    >
      <PhoneCodeFields form={form} useFor={0} />
      <NewPasswordFields placeholder="密码（至少8位）" label="密码" />
      <Form.Item name="inviterCode">
        <Input size="large" maxLength={32} placeholder="邀请码（选填）" aria-label="邀请码" />
      </Form.Item>
      <ConsentField />
    </AuthForm>
  );
}
