import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { App, Button, Card, DatePicker, Form, Input, Result, Select, Space, Spin, Tag, Typography } from 'antd';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { call } from '@yance/browser/api-client';
import { ARTICLE_TYPE_NAMES, ARTICLE_TYPES, type ArticleType } from '@yance/contracts/content';
import { articleAddBody, type ArticleAdminDetail } from '@yance/contracts/content-admin';
import { ImageUpload } from '@/components/image-upload.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { dayjs } from '@/lib/time.ts';
import { fieldOf, parseForm } from '@/lib/zod-form.ts';
import { articleStateText, useArticleActions } from './article-actions.ts';
import { HistoryButton } from '@/components/history-button.tsx';
import { LazyEditor } from './lazy-editor.tsx';

const TYPE_OPTIONS = ARTICLE_TYPES.map((t) => ({ value: t, label: ARTICLE_TYPE_NAMES[t] }));
const EMPTY = { title: '', img: '', sketch: '', body: '', source: '', company: '', code: '', content: '' };

/** 新增 or 编辑 one article: the fields of its kind (thanks carry author, journal and acknowledgement instead of a body). */
export default function ArticleEditPage() {
  const { id: param = 'new' } = useParams();
  const id = param === 'new' ? null : Number(param);
  const detail = useQuery({
    queryKey: ['articleAdminDetail', id],
    queryFn: () => call('articleAdminDetail', { query: { id: id! } }, { feedback: false }),
    enabled: id !== null && Number.isInteger(id),
  });
  if (id !== null && !Number.isInteger(id)) return <Result status="404" title="文章不存在" />;
  if (detail.isError) return <LoadError error={detail.error} retry={() => void detail.refetch()} />;
  if (id !== null && detail.isPending) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return <ArticleForm key={id ?? 'new'} article={detail.data ?? null} />;
}

function ArticleForm({ article }: { article: ArticleAdminDetail | null }) {
  const [form] = Form.useForm();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const actions = useArticleActions();
  const asked = params.get('type') as ArticleType;
  const initialType = article?.type ?? (ARTICLE_TYPES.includes(asked) ? asked : 'news');
  const type = (Form.useWatch('type', form) as ArticleType | undefined) ?? initialType;
  const thanks = type === 'thanks';

  const save = useWrite({
    mutationFn: (body: z.output<typeof articleAddBody>, idempotencyKey) =>
      article
        ? call('articleEdit', { body: { ...body, id: article.id } })
        : call('articleAdd', { body: { ...body, published: false, idempotencyKey } }),
    onSuccess: (saved) => {
      void message.success(article ? '已保存' : '已保存为草稿');
      queries.setQueryData(['articleAdminDetail', saved.id], saved);
      void queries.invalidateQueries({ queryKey: ['articleAdminList'] });
      void queries.invalidateQueries({ queryKey: ['auditList'] });
      if (!article) void navigate(`/content/articles/${saved.id}`, { replace: true });
    },
  });
  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown> & { publishedOn?: dayjs.Dayjs | null };
    // Fields the kind hides keep what was stored.
    const body = parseForm(form, articleAddBody, {
      ...EMPTY,
      ...(article ?? {}),
      ...values,
      publishedOn: values.publishedOn ? values.publishedOn.format('YYYY-MM-DD') : undefined,
    });
    if (body) save.mutate(body);
  };
  const state = article && articleStateText(article);

  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Link to={`/content/articles?type=${type}`} aria-label="返回文章列表">
            <ArrowLeftOutlined />
          </Link>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {article ? `编辑${ARTICLE_TYPE_NAMES[article.type]}` : `新增${ARTICLE_TYPE_NAMES[type]}`}
          </Typography.Title>
          {state && <Tag color={state.color}>{state.label}</Tag>}
        </Space>
        {article && <HistoryButton objectType="article" objectId={article.id} title={article.title} />}
      </Space>
      <Card style={{ maxWidth: 960 }}>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ ...EMPTY, ...article, type: initialType, publishedOn: article ? dayjs(article.publishedOn) : null }}
          onValuesChange={() => save.reset()}
        >
          <Space wrap align="start" size={16} style={{ width: '100%' }} styles={{ item: { minWidth: 200 } }}>
            <Form.Item label="类型" {...fieldOf(articleAddBody, 'type')}>
              <Select options={TYPE_OPTIONS} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item label="发布日期" name="publishedOn" extra="网站显示的日期；留空为今天">
              <DatePicker style={{ width: 160 }} />
            </Form.Item>
          </Space>
          <Form.Item label="标题" {...fieldOf(articleAddBody, 'title')}>
            <Input maxLength={100} showCount />
          </Form.Item>
          {thanks && (
            <>
              <Form.Item label="作者信息" {...fieldOf(articleAddBody, 'company')} required extra="作者及单位，如：张三，某某大学化学学院">
                <Input maxLength={300} />
              </Form.Item>
              <Form.Item label="期刊信息" {...fieldOf(articleAddBody, 'code')} extra="期刊、卷期、DOI 等">
                <Input maxLength={300} />
              </Form.Item>
              <Form.Item label="致谢内容" {...fieldOf(articleAddBody, 'content')} required extra="论文中致谢本平台的原文">
                <Input.TextArea rows={4} maxLength={2000} showCount />
              </Form.Item>
            </>
          )}
          {!thanks && (
            <Form.Item label="封面" {...fieldOf(articleAddBody, 'img')}>
              <ImageUpload hint="列表中的封面，建议 400×260 像素" />
            </Form.Item>
          )}
          <Form.Item label="摘要" {...fieldOf(articleAddBody, 'sketch')}>
            <Input.TextArea rows={2} maxLength={500} showCount />
          </Form.Item>
          <Form.Item
            label="原文链接"
            {...fieldOf(articleAddBody, 'source')}
            extra={thanks ? '论文的链接（选填）' : '填写后列表直接打开原文；不填则需写正文'}
          >
            <Input placeholder="https://…" />
          </Form.Item>
          {!thanks && (
            <Form.Item label="正文" {...fieldOf(articleAddBody, 'body')}>
              <LazyEditor label="正文" />
            </Form.Item>
          )}
          <Space wrap>
            <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => {})}>
              {article ? '保存' : '保存为草稿'}
            </Button>
            {article && !article.removed && (
              <>
                <Button onClick={() => actions.togglePublish(article)} disabled={actions.pending}>
                  {article.published ? '撤回为草稿' : '发布'}
                </Button>
                <Button danger onClick={() => actions.remove(article)} disabled={actions.pending}>
                  删除
                </Button>
              </>
            )}
          </Space>
        </Form>
      </Card>
    </>
  );
}
