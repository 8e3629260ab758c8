import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { definePage } from '../page.ts';

export const page = definePage({ status: () => 404, meta: () => ({ title: '页面不存在', noindex: true }) });

/** Any unknown path: a friendly 404 with a way home and to search. */
export function Component() {
  const navigate = useNavigate();
  return (
    <div className="container" style={{ padding: '48px 16px' }}>
      <Result
        status="404"
        title="404 · 页面不存在"
        subTitle="您访问的页面可能已被移动或删除。可以返回首页，或搜索您需要的检测项目。"
        extra={[
          <Button key="home" type="primary" size="large" onClick={() => void navigate(paths.home())}>
            返回首页
          </Button>,
          <Button key="search" size="large" onClick={() => void navigate(paths.search(''))}>
            搜索检测项目
          </Button>,
        ]}
      />
    </div>
  );
}
