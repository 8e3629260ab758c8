import { useQuery } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { call } from '@yance/browser/api-client';
import { LoadError } from '@/components/load-error.tsx';
import { ListTable } from '@/components/list-table.tsx';

/** Where each page shows on the storefront, so the operator finds the one to edit. */
export const SITE_PAGE_PLACES: Record<string, string> = {
  profile: '公司简介 /about/profile',
  culture: '企业文化 /about/culture',
  recruit: '招贤纳士 /about/recruit',
  guide: '服务指南 /guide',
  license: '用户协议 /license',
  policy: '隐私政策 /policy',
  televised: '能力展示 /televised',
  require: '发布需求 /require',
  certificates: '资质证书 /certificates',
};

/** 单页: the site's fixed pages (about, guide, agreements…); each opens in its editor. */
export default function SitePagePage() {
  const navigate = useNavigate();
  const list = useQuery({ queryKey: ['sitePageAdminList'], queryFn: () => call('sitePageAdminList', {}, { feedback: false }) });
  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 16 }}>
        单页
      </Typography.Title>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable
          rowKey="key"
          dataSource={list.data}
          loading={list.isFetching}
          pagination={false}
          scroll={{ x: 600 }}
          columns={[
            { title: '标题', dataIndex: 'title' },
            { title: '网站位置', dataIndex: 'key', render: (key: string) => SITE_PAGE_PLACES[key] ?? key },
            { title: '更新日期', dataIndex: 'updated', width: 120 },
            {
              title: '操作',
              key: 'actions',
              width: 90,
              render: (_: unknown, p: { key: string }) => (
                <Button type="link" size="small" onClick={() => void navigate(`/content/pages/${p.key}`)}>
                  编辑
                </Button>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
