import { Button, Result } from 'antd';

interface ErrorStateProps {
  /** Shown under the heading; defaults to a generic hint. */
  message?: string;
  onRetry: () => void;
}

/** A failed load with a 重试 button (the api client has already toasted the reason). */
export function ErrorState({ message, onRetry }: ErrorStateProps) {
  return (
    <Result
      status="warning"
      title="加载失败"
      subTitle={message ?? '网络或服务暂时不可用，请稍后重试。'}
      extra={
        <Button type="primary" onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}
