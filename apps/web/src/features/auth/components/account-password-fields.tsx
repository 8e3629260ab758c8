import { PASSWORD_MAX } from '@yance/contracts/account';
import { Form, Input } from 'antd';

/** 用户名/手机号 and 密码 of an existing account (password login, WeChat confirm). */
export function AccountPasswordFields() {
  return (
    <>
      <Form.Item name="account">
        <Input size="large" maxLength={64} placeholder="用户名/手机号" autoComplete="username" aria-label="用户名/手机号" />
      </Form.Item>
      <Form.Item name="password">
        <Input.Password size="large" maxLength={PASSWORD_MAX} placeholder="密码" autoComplete="current-password" aria-label="密码" />
      </Form.Item>
    </>
  );
}

/** A new password and its confirmation (register, reset). */
export function NewPasswordFields({ placeholder, label }: { placeholder: string; label: string }) {
  return (
    <>
      <Form.Item name="password">
        <Input.Password size="large" maxLength={PASSWORD_MAX} placeholder={placeholder} autoComplete="new-password" aria-label={label} />
      </Form.Item>
      <Form.Item name="confirm">
        <Input.Password size="large" maxLength={PASSWORD_MAX} placeholder="确认密码" autoComplete="new-password" aria-label="确认密码" />
      </Form.Item>
    </>
  );
}
