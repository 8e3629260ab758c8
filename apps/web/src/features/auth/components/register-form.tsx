import { signForm } from '@yance/contracts/account';
import { Form, Input } from 'antd';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { forgetInviteCode, readInviteCode } from '@/lib/invite-code.ts';
import { useSign } from '../api/sign.ts';
import { completeLoginThen } from '../utils/complete-login.ts';
import { NewPasswordFields } from './account-password-fields.tsx';
import { AuthForm } from './auth-form.tsx';
import { PhoneCodeFields } from './phone-code-fields.tsx';
import styles from './auth-dialog.module.css';

interface RegisterValues {
  phone: string;
  code: string;
  password: string;
  confirm: string;
  inviterCode: string;
}

/** Register (spec §5: only the first error shows). Registering signs the new user in. */
export function RegisterForm({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<RegisterValues>();
  const sign = useSign();
  return (
    <AuthForm
      form={form}
      label="注册"
      schema={signForm}
      fields={['phone', 'code', 'password', 'confirm', 'inviterCode']}
      firstErrorOnly
      action={sign}
      initialValues={{ inviterCode: readInviteCode() ?? '' }}
      submitText="注册"
      onValid={({ confirm: _confirm, ...body }) =>
        sign.mutate(body, {
          onSuccess: completeLoginThen(() => {
            forgetInviteCode();
            onDone();
          }, '注册成功!'),
        })
      }
      footer={
        <p className={styles.agree}>
          注册即表示同意<Link to={paths.license()}>《用户协议》</Link>与<Link to={paths.policy()}>《隐私政策》</Link>
        </p>
      }
    >
      <PhoneCodeFields form={form} useFor={0} />
      <NewPasswordFields placeholder="密码（至少8位）" label="密码" />
      <Form.Item name="inviterCode">
        <Input size="large" maxLength={32} placeholder="邀请码（选填）" aria-label="邀请码" />
      </Form.Item>
    </AuthForm>
  );
}
