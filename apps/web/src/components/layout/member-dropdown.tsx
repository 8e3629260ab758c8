import { Dropdown, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AntdScope } from '@/components/ui/antd-scope.tsx';
import { MEMBER_MENU } from '@/config/member-menu.ts';
import styles from './member-dropdown.module.css';

interface MemberDropdownProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLogout: () => void;
  children: ReactNode;
}

const LOGOUT = 'logout';

/** The member menu of spec §2 under the account name, plus 退出登录 (loaded on first use; opens on click). */
export function MemberDropdown({ open, onOpenChange, onLogout, children }: MemberDropdownProps) {
  const navigate = useNavigate();
  const items: MenuProps['items'] = [
    ...MEMBER_MENU.map((e) => ({ key: e.to, label: e.label })),
    { type: 'divider' as const, className: styles.full },
    { key: LOGOUT, label: '退出登录', danger: true, className: styles.full },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    onOpenChange(false);
    if (key === LOGOUT) onLogout();
    else void navigate(key);
  };
  return (
    <AntdScope>
      <Dropdown
        open={open}
        onOpenChange={onOpenChange}
        trigger={['click']}
        placement="bottomRight"
        menu={{ items, onClick, className: styles.menu }}
      >
        {children}
      </Dropdown>
    </AntdScope>
  );
}
