import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Permission } from '@yance/contracts/staff';
import { holds, useMe } from '@/lib/me.ts';

/** A page only for staff holding `permission`; others see 无权限 (the server refuses their calls anyway). */
export function Need({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { data: me } = useMe();
  if (holds(me, permission)) return children;
  return (
    <Result
      status="403"
      title="无权限"
      subTitle="你的角色不能使用这个页面。如需开通，请联系管理员。"
      extra={
        <Link to="/">
          <Button type="primary">回到概览</Button>
        </Link>
      }
    />
  );
}

export function NotFound() {
  return (
    <Result
      status="404"
      title="页面不存在"
      extra={
        <Link to="/">
          <Button type="primary">回到概览</Button>
        </Link>
      }
    />
  );
}
