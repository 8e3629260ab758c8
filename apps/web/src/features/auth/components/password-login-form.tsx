import { loginBody } from '@yance/contracts/account';
import { Button, Form, Input } from 'antd';
import { clearErrorsOnChange, validateWith } from '@/lib/form-validation.ts';
import { useLogin, type LoginInput } from '../api/login.ts';
import { completeLogin } from '../utils/complete-login.ts';
import { FormError } from './form-error.tsx';
import styles from './auth-dialog.module.css';

/** 密码登录: user name or phone, and password (spec §5 messages from contracts). */
export function PasswordLoginForm({ onDone, account }: { onDone: () => void; account?: string }) {
  const [form] = Form.useForm<LoginInput>();
  const login = useLogin();
  const submit = () => {
    const values = validateWith(form, loginBody, form.getFieldsValue(['account', 'password']));
    if (!values) return;
    login.mutate(values, {
      onSuccess: (pair) => {
        completeLogin(pair);
        onDone();
      },
    });
  };
  const onChange = clearErrorsOnChange(form, login);
  return (
    <Form form={form} className={styles.form} initialValues={{ account }} onFinish={submit} onValuesChange={onChange} aria-label="密码登录">
      <Form.Item name="account">
        <Input size="large" maxLength={64} placeholder="用户名/手机号" autoComplete="username" aria-label="用户名/手机号" />
      </Form.Item>
      <Form.Item name="password">
        <Input.Password size="large" maxLength={128} placeholder="密码" autoComplete="current-password" aria-label="密码" />
      </Form.Item>
      <FormError error={login.error} />
      <Button type="primary" size="large" htmlType="submit" block loading={login.isPending}>
        登录
      </Button>
    </Form>
  );
}
