import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { Alert, App, Button, Card, Form, Input, Result, Space, Spin, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { call } from '@yance/browser/api-client';
import { SITE_PAGE_FIGURES, SITE_PAGE_KEYS, type SitePageKey } from '@yance/contracts/content';
import { sitePageEditBody } from '@yance/contracts/content-admin';
import { LoadError } from '@/components/load-error.tsx';
import { fieldOf, parseForm } from '@/lib/zod-form.ts';
import { HistoryButton } from '@/components/history-button.tsx';
import { LazyEditor } from './lazy-editor.tsx';
import { SITE_PAGE_PLACES } from './site-page-page.tsx';

/** Edits one site page: title and body; {{figure}} placeholders are filled with live numbers when the page is read. */
export default function SitePageEditPage() {
  const { key = '' } = useParams();
  const known = (SITE_PAGE_KEYS as readonly string[]).includes(key);
  const detail = useQuery({
    queryKey: ['sitePageAdminDetail', key],
    queryFn: () => call('sitePageAdminDetail', { query: { key: key as SitePageKey } }, { feedback: false }),
    enabled: known,
  });
  if (!known) return <Result status="404" title="页面不存在" />;
  if (detail.isError) return <LoadError error={detail.error} retry={() => void detail.refetch()} />;
  if (detail.isPending) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return <SitePageForm key={key} page={detail.data} />;
}

function SitePageForm({ page }: { page: { key: SitePageKey; title: string; body: string } }) {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const save = useWrite({
    mutationFn: (body: z.output<typeof sitePageEditBody>) => call('sitePageEdit', { body }),
    onSuccess: (saved) => {
      void message.success('已保存');
      queries.setQueryData(['sitePageAdminDetail', saved.key], saved);
      void queries.invalidateQueries({ queryKey: ['sitePageAdminList'] });
      void queries.invalidateQueries({ queryKey: ['auditList'] });
    },
  });
  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const body = parseForm(form, sitePageEditBody, { ...values, key: page.key });
    if (body) save.mutate(body);
  };
  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space>
          <Link to="/content/pages" aria-label="返回单页列表">
            <ArrowLeftOutlined />
          </Link>
          <Typography.Title level={4} style={{ margin: 0 }}>
            编辑单页 · {SITE_PAGE_PLACES[page.key] ?? page.key}
          </Typography.Title>
        </Space>
        <HistoryButton objectType="page" objectId={page.key} title={page.title} />
      </Space>
      <Card style={{ maxWidth: 960 }}>
        <Alert
          showIcon
          type="info"
          style={{ marginBottom: 24 }}
          title="正文中可以写入实时数字"
          description={
            <>
              输入下列占位符（连同双花括号），网站显示时会换成当前的数字，各页面之间不会不一致：
              <ul style={{ margin: '8px 0 0', paddingInlineStart: 20 }}>
                {Object.entries(SITE_PAGE_FIGURES).map(([k, label]) => (
                  <li key={k}>
                    <Typography.Text code copyable>{`{{${k}}}`}</Typography.Text> {label}
                  </li>
                ))}
              </ul>
            </>
          }
        />
        <Form form={form} layout="vertical" initialValues={page}>
          <Form.Item label="标题" {...fieldOf(sitePageEditBody, 'title')}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item label="正文" {...fieldOf(sitePageEditBody, 'body')}>
            <LazyEditor label="正文" />
          </Form.Item>
          <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => {})}>
            保存
          </Button>
        </Form>
      </Card>
    </>
  );
}
