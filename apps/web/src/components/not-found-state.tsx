import { Button, Result } from 'antd';
import { Link } from 'react-router';

interface NotFoundStateProps {
  title: string;
  subTitle?: string;
  /** The way back, e.g. the list this page belongs to. */
  back?: { to: string; label: string };
}

/** A page-level "not found" (unknown rid, article or tab) with links back. */
export function NotFoundState({ title, subTitle, back }: NotFoundStateProps) {
  return (
    <Result
      status="404"
      title={title}
      subTitle={subTitle ?? '您访问的内容不存在或已下架。'}
      extra={[
        back ? (
          <Link key="back" to={back.to}>
            <Button type="primary">{back.label}</Button>
          </Link>
        ) : null,
        <Link key="home" to="/">
          <Button>返回首页</Button>
        </Link>,
      ]}
    />
  );
}
