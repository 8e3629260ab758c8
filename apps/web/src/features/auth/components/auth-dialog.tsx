import { Modal, Tabs } from 'antd';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AntdScope } from '@/components/ui/antd-scope.tsx';
import { isGuardedPath } from '@/config/member-menu.ts';
import { paths } from '@/config/paths.ts';
import { tokenStore } from '@/lib/token-store.ts';
import { closeLoginPrompt, switchLoginPrompt, useLoginPrompt } from '../hooks/use-login-prompt.ts';
import { PasswordLoginForm } from './password-login-form.tsx';
import { RegisterForm } from './register-form.tsx';
import { ResetForm } from './reset-form.tsx';
import { SmsLoginForm } from './sms-login-form.tsx';
import { WxQrLogin } from './wx-qr-login.tsx';
import styles from './auth-dialog.module.css';

const TITLES = { login: '登录研测', register: '注册研测账号', reset: '重置密码' } as const;

/** The account popups of spec §2: login (password, SMS, WeChat QR), register, reset password. */
export function AuthDialog() {
  const { isOpen, reason, mode, returnTo, account } = useLoginPrompt();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const done = useCallback(() => {
    closeLoginPrompt();
    if (returnTo) void navigate(returnTo);
  }, [navigate, returnTo]);

  const cancel = () => {
    closeLoginPrompt();
    // isLogon (spec §4): closing the popup without logging in on a guarded page goes home.
    const isLogon = tokenStore.access() !== null;
    if (!isLogon && isGuardedPath(pathname)) void navigate(paths.home());
  };

  return (
    <AntdScope>
      <Modal
        open={isOpen}
        onCancel={cancel}
        footer={null}
        width={420}
        centered
        destroyOnHidden
        maskClosable={false}
        aria-label={TITLES[mode]}
      >
        <div className={styles.head}>
          <h2 className={styles.title}>{TITLES[mode]}</h2>
          {reason && <p className={styles.reason}>{reason}</p>}
        </div>
        {mode === 'login' && (
          <Tabs
            centered
            destroyOnHidden
            defaultActiveKey="password"
            items={[
              { key: 'password', label: '密码登录', children: <PasswordLoginForm onDone={done} account={account} /> },
              { key: 'sms', label: '短信登录', children: <SmsLoginForm onDone={done} /> },
              { key: 'wechat', label: '微信扫码', children: <WxQrLogin onDone={done} /> },
            ]}
          />
        )}
        {mode === 'register' && <RegisterForm onDone={done} />}
        {mode === 'reset' && <ResetForm onDone={(phone) => switchLoginPrompt('login', phone)} />}
        <div className={styles.links}>
          {mode === 'login' ? (
            <>
              <button type="button" className={styles.link} onClick={() => switchLoginPrompt('reset')}>
                忘记密码？
              </button>
              <span className={styles.muted}>
                还没有账号？
                <button type="button" className={styles.link} onClick={() => switchLoginPrompt('register')}>
                  立即注册
                </button>
              </span>
            </>
          ) : (
            <span className={styles.muted}>
              {mode === 'register' ? '已有账号？' : '想起密码了？'}
              <button type="button" className={styles.link} onClick={() => switchLoginPrompt('login')}>
                立即登录
              </button>
            </span>
          )}
        </div>
      </Modal>
    </AntdScope>
  );
}
