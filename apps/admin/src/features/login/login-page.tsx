import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useWrite } from '@yance/browser/use-write';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { call } from '@yance/browser/api-client';
import { staffLoginBody } from '@yance/contracts/staff';
import { TOTP_NEEDED } from '@yance/contracts/staff-security';
import { queryClient } from '@/lib/query-client.ts';
import { safeFrom } from '@/lib/safe-from.ts';
import { staffTokens, useSignedIn } from '@/lib/staff-session.ts';
import { fieldOf, parseForm } from '@/lib/zod-form.ts';

/**
 * /admin/login: account and password (POST /api/admin/login); the staff
 * token is stored apart from a customer's. When the server answers that the
 * member signs in with TOTP, the 动态验证码 field appears (a recovery code
 * works there too) and the same form is sent again with it.
 */
export default function LoginPage() {
  const [form] = Form.useForm();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const [needTotp, setNeedTotp] = useState(false);
  const login = useWrite({
    mutationFn: (body: { account: string; password: string; totp?: string }) => call('adminLogin', { body }, { feedback: false }),
    onError: (err) => {
      if (err.message === TOTP_NEEDED) setNeedTotp(true);
    },
    onSuccess: (pair) => {
      queryClient.clear();
      staffTokens.save(pair);
      navigate(safeFrom(params.get('from')), { replace: true });
    },
  });
  if (signedIn && !login.isPending) return <Navigate to={safeFrom(params.get('from'))} replace />;

  const submit = (values: Record<string, unknown>) => {
    const body = parseForm(form, staffLoginBody, values);
    if (body) login.mutate(body);
  };

  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 380 }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          研测 · 运营后台
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          员工登录
        </Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={submit} onValuesChange={() => login.reset()}>
          <Form.Item label="账号" {...fieldOf(staffLoginBody, 'account')}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label="密码" {...fieldOf(staffLoginBody, 'password')}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          {needTotp && (
            <Form.Item
              label="动态验证码"
              extra="打开手机上的身份验证器应用，输入“研测”显示的6位数字；手机不在身边时可输入一个恢复码。"
              {...fieldOf(staffLoginBody, 'totp')}
            >
              <Input prefix={<SafetyOutlined />} inputMode="numeric" autoComplete="one-time-code" maxLength={16} autoFocus />
            </Form.Item>
          )}
          {login.error &&
            (login.error.message === TOTP_NEEDED ? (
              <Alert type="info" showIcon title="请输入动态验证码" style={{ marginBottom: 16 }} />
            ) : (
              <Alert type="error" showIcon title={login.error.message} style={{ marginBottom: 16 }} />
            ))}
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
