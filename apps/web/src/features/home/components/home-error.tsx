import { Button, Empty } from 'antd';
import styles from './home-state.module.css';

/** The home call failed (its msg was already toasted): say so and offer 重试. */
export function HomeError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div className={`container ${styles.error}`} role="alert">
      <Empty description="首页内容加载失败，请检查网络后重试" />
      <Button type="primary" size="large" loading={retrying} onClick={onRetry}>
        重试
      </Button>
    </div>
  );
}
