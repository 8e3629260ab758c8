import { Button, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { LockIcon } from '@/components/ui/icons.tsx';
import { paths } from '@/config/paths.ts';
import { useLoginPrompt } from '../hooks/use-login-prompt.ts';
import styles from './login-prompt.module.css';

/**
 * "请先登录" dialog. The login/register popups of the account system will
 * open here; until then it says so and offers a way back home.
 */
export function LoginPrompt() {
  const { isOpen, reason, mode, closeLoginPrompt } = useLoginPrompt();
  const navigate = useNavigate();
  const goHome = () => {
    closeLoginPrompt();
    void navigate(paths.home());
  };
  return (
    <Modal
      open={isOpen}
      title={mode === 'register' ? '注册研测账号' : '请先登录'}
      centered
      width={420}
      onCancel={closeLoginPrompt}
      footer={[
        <Button key="home" onClick={goHome}>
          返回首页
        </Button>,
        <Button key="close" type="primary" onClick={closeLoginPrompt}>
          关闭
        </Button>,
      ]}
    >
      <div className={styles.body}>
        <span className={styles.icon}>
          <LockIcon size={28} />
        </span>
        <div>
          {reason && <p className={styles.reason}>{reason}</p>}
          <p className={styles.text}>登录与注册将在这里打开。账号体系即将上线，届时可在线下单、管理实验方案并查看订单进度。</p>
          <p className={styles.hint}>如需立即送样检测，请拨打页面底部的客服电话，客户经理将为您安排。</p>
        </div>
      </div>
    </Modal>
  );
}
