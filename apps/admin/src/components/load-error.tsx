import { Button, Result } from 'antd';

/** What a page shows when its data could not be read: the reason and a retry. */
export function LoadError({ error, retry }: { error: Error; retry: () => void }) {
  return <Result status="warning" title="加载失败" subTitle={error.message} extra={<Button onClick={retry}>重试</Button>} />;
}
