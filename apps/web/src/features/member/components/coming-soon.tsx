import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import styles from './member-layout.module.css';

/** A member or experiment page whose feature has not shipped yet: a clear state, never blank. */
export function ComingSoon({ title, backTo, backText }: { title: string; backTo: string; backText: string }) {
  const navigate = useNavigate();
  return (
    <div className={styles.card}>
      <Result
        status="info"
        title="功能即将上线"
        subTitle={`「${title}」正在建设中，敬请期待。如需办理相关业务，请联系您的专属客户经理。`}
        extra={
          <Button type="primary" onClick={() => void navigate(backTo)}>
            {backText}
          </Button>
        }
      />
    </div>
  );
}
