import { useWrite } from '@yance/browser/use-write';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { call } from '@yance/browser/api-client';
import { PASSWORD_MIN } from '@yance/contracts/account';
import { staffOwnPasswordBody } from '@yance/contracts/staff-security';
import { fieldOf, parseForm } from '@/lib/zod-form.ts';

/** 修改密码: the current password proves it is them; their other sign-ins end, this one stays (ADR 0038). */
export function PasswordCard() {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const change = useWrite({
    mutationFn: (body: { oldPassword: string; password: string }) => call('adminPassword', { body }, { feedback: false }),
    onSuccess: () => {
      form.resetFields();
      void message.success('密码已修改，其他设备上的登录已退出');
    },
  });
  const submit = (values: Record<string, unknown>) => {
    const body = parseForm(form, staffOwnPasswordBody, values);
    if (body) change.mutate(body);
  };
  return (
    <Card title="修改密码" style={{ height: '100%' }}>
      <Form form={form} layout="vertical" onFinish={submit} onValuesChange={() => change.reset()} style={{ maxWidth: 400 }}>
        <Form.Item label="原密码" {...fieldOf(staffOwnPasswordBody, 'oldPassword')}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="新密码" extra={`至少${PASSWORD_MIN}位；过于常见的密码会被拒绝。`} {...fieldOf(staffOwnPasswordBody, 'password')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirm"
          required
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value) => {
                if (value !== getFieldValue('password')) throw new Error('两次输入的新密码不一致');
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {change.error && <Alert type="error" showIcon title={change.error.message} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          修改密码
        </Button>
      </Form>
    </Card>
  );
}
