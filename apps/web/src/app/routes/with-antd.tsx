import { Outlet } from 'react-router';
import { AntdScope } from '@/components/ui/antd-scope.tsx';

/** The layout of every page but home: its pages show antd components, so antd's locale and theme load with them (ADR 0029). */
export function Component() {
  return (
    <AntdScope>
      <Outlet />
    </AntdScope>
  );
}
