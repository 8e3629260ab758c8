import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { LockIcon } from '@/components/ui/icons.tsx';
import { paths } from '@/config/paths.ts';
import { openLoginPrompt } from '../hooks/use-login-prompt.ts';
import styles from './login-required.module.css';

/** The state of a login-required page for a visitor: never a blank page. */
export function LoginRequired({ area }: { area: string }) {
  const navigate = useNavigate();
  return (
    <div className={styles.wrap}>
      <Result
        icon={
          <span className={styles.icon}>
            <LockIcon size={40} />
          </span>
        }
        title="请先登录"
        subTitle={`请先登录后查看${area}`}
        extra={[
          <Button key="login" type="primary" size="large" onClick={() => openLoginPrompt(`登录后即可查看${area}`)}>
            登录
          </Button>,
          <Button key="home" size="large" onClick={() => void navigate(paths.home())}>
            返回首页
          </Button>,
        ]}
      />
    </div>
  );
}
