import { loginForCodeBody } from '@yance/contracts/account';
import { Button, Form } from 'antd';
import { clearErrorsOnChange, validateWith } from '@/lib/form-validation.ts';
import { useLoginForCode, type LoginForCodeInput } from '../api/login-for-code.ts';
import { completeLogin } from '../utils/complete-login.ts';
import { FormError } from './form-error.tsx';
import { SmsCodeField } from './sms-code-field.tsx';
import styles from './auth-dialog.module.css';
import { PhoneInput } from './phone-input.tsx';

/** 短信登录: phone and a code sent with useFor 3. */
export function SmsLoginForm({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<LoginForCodeInput>();
  const login = useLoginForCode();
  const submit = () => {
    const values = validateWith(form, loginForCodeBody, form.getFieldsValue(['phone', 'code']));
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
    <Form form={form} className={styles.form} onFinish={submit} onValuesChange={onChange} aria-label="短信登录">
      <Form.Item name="phone">
        <PhoneInput />
      </Form.Item>
      <Form.Item name="code">
        <SmsCodeField form={form} phoneField="phone" useFor={3} />
      </Form.Item>
      <FormError error={login.error} />
      <Button type="primary" size="large" htmlType="submit" block loading={login.isPending}>
        登录
      </Button>
    </Form>
  );
}
