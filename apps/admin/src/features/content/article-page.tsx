import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Image, Input, Select, Space, Tabs, Tag, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { call } from '@yance/browser/api-client';
import { ARTICLE_TYPE_NAMES, ARTICLE_TYPES, type ArticleType } from '@yance/contracts/content';
import type { ARTICLE_STATES, articleAdminSummary } from '@yance/contracts/content-admin';
import { LoadError } from '@/components/load-error.tsx';
import { listPagination } from '@/lib/list-pagination.ts';
import { articleStateText, useArticleActions } from './article-actions.ts';
import { ListTable } from '@/components/list-table.tsx';

type ArticleRow = z.infer<typeof articleAdminSummary>;
type State = (typeof ARTICLE_STATES)[number];
const PAGE_SIZE = 20;
const STATE_OPTIONS = [
  { value: 'published', label: '已发布' },
  { value: 'draft', label: '草稿' },
  { value: 'removed', label: '已删除' },
];

/** 文章: news, courses, service cases and thanks in one server-paged list; kind tabs, title search, state filter. */
export default function ArticlePage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const type = (ARTICLE_TYPES as readonly string[]).includes(params.get('type') ?? '') ? (params.get('type') as ArticleType) : undefined;
  const [query, setQuery] = useState<{ page: number; kw: string; state?: State }>({ page: 1, kw: '' });
  const actions = useArticleActions();
  const list = useQuery({
    queryKey: ['articleAdminList', { ...query, type }],
    queryFn: () => call('articleAdminList', { query: { ...query, type, pageSize: PAGE_SIZE } }, { feedback: false }),
    placeholderData: keepPreviousData,
  });

  const columns: TableProps<ArticleRow>['columns'] = [
    {
      title: '封面',
      dataIndex: 'img',
      width: 110,
      render: (img: string) =>
        img ? <Image src={img} alt="" width={88} height={56} style={{ objectFit: 'cover', borderRadius: 4 }} /> : '—',
    },
    { title: '标题', dataIndex: 'title', render: (title: string, a) => <Link to={`/content/articles/${a.id}`}>{title}</Link> },
    { title: '类型', dataIndex: 'type', width: 100, render: (t: ArticleType) => ARTICLE_TYPE_NAMES[t] },
    { title: '发布日期', dataIndex: 'publishedOn', width: 120 },
    {
      title: '状态',
      key: 'state',
      width: 90,
      render: (_: unknown, a) => {
        const s = articleStateText(a);
        return <Tag color={s.color}>{s.label}</Tag>;
      },
    },
    { title: '阅读', dataIndex: 'views', width: 80 },
    {
      title: '操作',
      key: 'actions',
      width: 180,
      render: (_: unknown, a) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => void navigate(`/content/articles/${a.id}`)}>
            编辑
          </Button>
          {!a.removed && (
            <>
              <Button type="link" size="small" onClick={() => actions.togglePublish(a)}>
                {a.published ? '撤回' : '发布'}
              </Button>
              <Button type="link" size="small" danger onClick={() => actions.remove(a)}>
                删除
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          文章
        </Typography.Title>
        <Space wrap>
          <Input.Search
            placeholder="标题关键词"
            allowClear
            maxLength={50}
            style={{ width: 200 }}
            onSearch={(kw) => setQuery((q) => ({ ...q, kw: kw.trim(), page: 1 }))}
          />
          <Select
            placeholder="已发布和草稿"
            allowClear
            options={STATE_OPTIONS}
            style={{ width: 140 }}
            value={query.state}
            onChange={(state?: State) => setQuery((q) => ({ ...q, state, page: 1 }))}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(`/content/articles/new?type=${type ?? 'news'}`)}>
            新增{type ? ARTICLE_TYPE_NAMES[type] : '文章'}
          </Button>
        </Space>
      </Space>
      <Tabs
        activeKey={type ?? 'all'}
        onChange={(key) => {
          setParams(key === 'all' ? {} : { type: key }, { replace: true });
          setQuery((q) => ({ ...q, page: 1 }));
        }}
        items={[{ key: 'all', label: '全部' }, ...ARTICLE_TYPES.map((t) => ({ key: t, label: ARTICLE_TYPE_NAMES[t] }))]}
      />
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<ArticleRow>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list}
          loading={list.isFetching}
          scroll={{ x: 900 }}
          onChange={(p) => setQuery((q) => ({ ...q, page: p.current ?? 1 }))}
          locale={{ emptyText: <Empty description={query.kw || query.state ? '没有符合条件的文章' : '还没有文章'} /> }}
          pagination={listPagination({ page: query.page, pageSize: PAGE_SIZE, total: list.data?.total, unit: '篇' })}
        />
      )}
    </>
  );
}
