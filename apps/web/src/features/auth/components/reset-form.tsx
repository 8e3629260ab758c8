import { resetForm } from '@yance/contracts/account';
import { Form } from 'antd';
import { notify } from '@yance/browser/notify';
import { useResetPassword } from '../api/reset-password.ts';
import { NewPasswordFields } from './account-password-fields.tsx';
import { AuthForm } from './auth-form.tsx';
import { PhoneCodeFields } from './phone-code-fields.tsx';

interface ResetValues {
  account: string;
  code: string;
  password: string;
  confirm: string;
}

/** Reset password by SMS (account = phone; spec §5: only the first error shows). */
export function ResetForm({ onDone }: { onDone: (account: string) => void }) {
  const [form] = Form.useForm<ResetValues>();
  const reset = useResetPassword();
  return (
    <AuthForm
      form={form}
      label="重置密码"
      schema={resetForm}
      fields={['account', 'code', 'password', 'confirm']}
      firstErrorOnly
      action={reset}
      submitText="重置密码"
      onValid={({ confirm: _confirm, ...body }) =>
        reset.mutate(body, {
          onSuccess: () => {
            notify.success('密码重置成功!');
            onDone(body.account);
          },
        })
      }
    >
      <PhoneCodeFields form={form} useFor={1} phoneField="account" />
      <NewPasswordFields placeholder="新密码（至少8位）" label="新密码" />
    </AuthForm>
  );
}
