import { signForm } from '@yance/contracts/account';
import { Checkbox, Form, Input } from 'antd';
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
  agree: boolean;
}

/**
 * Register (spec §5: only the first error shows). Registering signs the new
 * user in. Consent to the user agreement and privacy policy is a box the user
 * ticks (PIPL), unticked to start; the documents open in a new tab so the form
 * keeps what was typed.
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
      <Form.Item name="agree" valuePropName="checked" className={styles.agree}>
        <Checkbox>
          我已阅读并同意
          <a href={paths.license()} target="_blank" rel="noopener noreferrer">
            《用户协议》
          </a>
          和
          <a href={paths.policy()} target="_blank" rel="noopener noreferrer">
            《隐私政策》
          </a>
        </Checkbox>
      </Form.Item>
    </AuthForm>
  );
}
