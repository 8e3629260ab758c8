import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ENROL_PATH, ME_KEY, mustEnrol, useMe } from '@/lib/me.ts';
import { queryClient } from '@/lib/query-client.ts';
import { safeFrom } from '@/lib/safe-from.ts';
import { signOut } from '@/lib/sign-out.ts';
import { TotpEnrolSteps } from './totp-enrol-steps.tsx';

/**
 * /admin/totp: where a member whose roles need TOTP (admin, finance) binds
 * an authenticator app before anything else; the server refuses their other
 * calls until then (ADR 0038). No menu here: there is nothing else to open.
 */
export default function TotpEnrolPage() {
  const { data: me } = useMe();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeFrom(params.get('from'));
  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: ME_KEY });
    navigate(next === ENROL_PATH ? '/' : next, { replace: true });
  };
  // Decided once (RequireStaff has read adminMe before this renders): a refetch of adminMe after the code is
  // confirmed must not take the recovery codes off the screen before the member has saved them.
  const [enrolling] = useState(() => mustEnrol(me));
  // Someone already bound (or whose roles do not need it) who opens the link: 账号安全 is where they manage it.
  if (!enrolling) return <Navigate to="/security" replace />;
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16, background: '#f5f5f5' }}>
      <Card style={{ width: '100%', maxWidth: 520 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          绑定动态验证码
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          {me?.name || me?.account}，你的角色需要在登录时输入动态验证码。绑定完成前不能使用后台的其他功能。
        </Typography.Paragraph>
        <TotpEnrolSteps account={me?.account ?? ''} onDone={() => void done()} doneText="完成，进入后台" />
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Button type="link" onClick={() => void signOut().then(() => navigate('/login', { replace: true }))}>
            退出登录
          </Button>
        </div>
      </Card>
    </div>
  );
}
