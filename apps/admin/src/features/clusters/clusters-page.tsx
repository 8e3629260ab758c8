import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Input, type TableProps } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { call } from '@yance/browser/api-client';
import type { AdminClusterSummary } from '@yance/contracts/cluster';
import { LoadError } from '@/components/load-error.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { formatTime } from '@/lib/time.ts';
import { int } from '@/lib/url-query.ts';
import { listPagination } from '@/lib/list-pagination.ts';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 20;

/** 课题组 (/clusters, cluster.read): live research groups newest first, searched by name, institution or the owner's phone; read only. */
export default function ClustersPage() {
  const [params, setParams] = useSearchParams();
  const kw = params.get('kw') ?? '';
  const page = int(params.get('page')) || 1;
  const go = (next: { kw?: string; page?: number }) => {
    const q = new URLSearchParams();
    const k = next.kw ?? kw;
    if (k) q.set('kw', k);
    if (next.page && next.page > 1) q.set('page', String(next.page));
    setParams(q);
  };
  const list = useQuery({
    queryKey: ['adminClusterList', kw, page],
    queryFn: () => call('adminClusterList', { query: { kw, page, pageSize: PAGE_SIZE } }, { feedback: false }),
    placeholderData: keepPreviousData,
  });

  const columns: TableProps<AdminClusterSummary>['columns'] = [
    {
      title: '课题组',
      dataIndex: 'name',
      fixed: 'left',
      width: 200,
      render: (name: string, g) => <Link to={`/clusters/${g.id}`}>{name}</Link>,
    },
    { title: '所属单位', dataIndex: 'institution', ellipsis: true },
    {
      title: '负责人',
      dataIndex: 'ownerName',
      width: 190,
      render: (name: string, g) => (
        <Link to={`/customers/${g.ownerId}`}>
          {name || '未填写姓名'} {g.ownerPhone}
        </Link>
      ),
    },
    { title: '成员', dataIndex: 'memberCount', width: 70, align: 'right' },
    { title: '待审核', dataIndex: 'pendingCount', width: 80, align: 'right' },
    { title: '创建时间', dataIndex: 'createdAt', width: 180, render: formatTime },
  ];

  return (
    <>
      <PageTitle title="课题组">
        <Input.Search
          key={kw}
          defaultValue={kw}
          placeholder="名称、单位或负责人手机号"
          aria-label="搜索课题组"
          allowClear
          maxLength={64}
          style={{ width: 280 }}
          onSearch={(v) => go({ kw: v.trim(), page: 1 })}
        />
      </PageTitle>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<AdminClusterSummary>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list}
          loading={list.isFetching}
          scroll={{ x: 900 }}
          locale={{ emptyText: <Empty description={kw ? '没有符合条件的课题组' : '还没有课题组'} /> }}
          onChange={(p) => go({ page: p.current ?? 1 })}
          pagination={listPagination({ page, pageSize: PAGE_SIZE, total: list.data?.total, unit: '个课题组' })}
        />
      )}
    </>
  );
}
