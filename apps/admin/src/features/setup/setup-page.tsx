import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useWrite } from '@yance/browser/use-write';
import { Alert, Button, Card, Form, Input, Result, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '@yance/browser/api-client';
import { adminSetupBody } from '@yance/contracts/staff-security';
import { ENROL_PATH } from '@/lib/me.ts';
import { queryClient } from '@/lib/query-client.ts';
import { staffTokens } from '@/lib/staff-session.ts';
import { fieldOf, parseForm } from '@/lib/zod-form.ts';

type SetupBody = { token: string; account: string; name: string; password: string };

/**
 * /admin/setup?token=…: the one-time link an installation without staff
 * prints at start (ADR 0038). It creates the first admin and signs them in;
 * as an admin they bind TOTP next, before anything else.
 */
export default function SetupPage() {
  const [form] = Form.useForm();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const setup = useWrite({
    mutationFn: (body: SetupBody) => call('adminSetup', { body }, { feedback: false }),
    onSuccess: (pair) => {
      queryClient.clear();
      staffTokens.save(pair);
      navigate(ENROL_PATH, { replace: true });
    },
  });
  const submit = (values: Record<string, unknown>) => {
    const body = parseForm(form, adminSetupBody, { ...values, token });
    if (body) setup.mutate(body);
  };

  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        {!token ? (
          <Result
            status="warning"
            title="设置链接不完整"
            subTitle="请打开服务器启动时输出的完整链接（/admin/setup?token=…）。"
            extra={<Link to="/login">去登录</Link>}
          />
        ) : (
          <>
            <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
              创建第一位管理员
            </Typography.Title>
            <Typography.Paragraph type="secondary">这个链接只能使用一次。创建后将直接登录，并需要先绑定动态验证码。</Typography.Paragraph>
            <Form form={form} layout="vertical" onFinish={submit} onValuesChange={() => setup.reset()}>
              <Form.Item label="账号" {...fieldOf(adminSetupBody, 'account')}>
                <Input prefix={<UserOutlined />} autoComplete="username" autoFocus maxLength={32} />
              </Form.Item>
              <Form.Item label="姓名" {...fieldOf(adminSetupBody, 'name')}>
                <Input maxLength={32} />
              </Form.Item>
              <Form.Item label="密码" {...fieldOf(adminSetupBody, 'password')}>
                <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
              </Form.Item>
              <Form.Item
                label="确认密码"
                name="confirm"
                required
                dependencies={['password']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: async (_rule, value) => {
                      if (value !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
                    },
                  }),
                ]}
              >
                <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
              </Form.Item>
              {setup.error && (
                <Alert
                  type="error"
                  showIcon
                  title={setup.error.message}
                  description={<Link to="/login">已有管理员？去登录</Link>}
                  style={{ marginBottom: 16 }}
                />
              )}
              <Button type="primary" htmlType="submit" block loading={setup.isPending}>
                创建并登录
              </Button>
            </Form>
          </>
        )}
      </Card>
    </div>
  );
}
