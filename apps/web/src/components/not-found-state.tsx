import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

interface NotFoundStateProps {
  title: string;
  subTitle?: string;
  /** The way back, e.g. the list this page belongs to. */
  back?: { to: string; label: string };
}

/** A page-level "not found" (unknown rid, article or tab) with links back. */
export function NotFoundState({ title, subTitle, back }: NotFoundStateProps) {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={title}
      subTitle={subTitle ?? '您访问的内容不存在或已下架。'}
      extra={[
        back ? (
          <Button key="back" type="primary" onClick={() => void navigate(back.to)}>
            {back.label}
          </Button>
        ) : null,
        <Button key="home" onClick={() => void navigate('/')}>
          返回首页
        </Button>,
      ]}
    />
  );
}
