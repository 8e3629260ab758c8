import { Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ENROL_PATH, mustEnrol, useMe } from '@/lib/me.ts';
import { useSignedIn } from '@/lib/staff-session.ts';

/**
 * The console's pages need a signed-in staff member: without a token (never
 * signed in, signed out, or cleared by a 401) the page goes to sign-in, which
 * comes back here afterwards. An enrolment-only session goes to ENROL_PATH
 * and may open nothing else until TOTP is on.
 */
export function RequireStaff({ children, enrolment = false }: { children: ReactNode; enrolment?: boolean }) {
  const signedIn = useSignedIn();
  const location = useLocation();
  const me = useMe();
  const from = location.pathname + location.search;
  if (!signedIn) return <Navigate to={from === '/' ? '/login' : `/login?from=${encodeURIComponent(from)}`} replace />;
  if (me.isPending) return <Spin size="large" style={{ display: 'block', margin: '160px auto' }} />;
  if (me.isError)
    return (
      <Result
        status="error"
        title="无法读取当前员工"
        subTitle={me.error.message}
        extra={<Button onClick={() => void me.refetch()}>重试</Button>}
      />
    );
  if (mustEnrol(me.data) && !enrolment) return <Navigate to={`${ENROL_PATH}?from=${encodeURIComponent(from)}`} replace />;
  return children;
}
