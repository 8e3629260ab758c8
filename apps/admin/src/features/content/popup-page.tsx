import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { Alert, App, Button, Card, Form, Input, Spin, Switch, Tag } from 'antd';
import type { z } from 'zod';
import { call } from '@yance/browser/api-client';
import { popupSetting } from '@yance/contracts/content-admin';
import { ImageUpload } from '@/components/image-upload.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { fieldOf } from '@/lib/zod-form.ts';
import { parseWindowed, windowOf, WindowPicker, windowText } from './active-window.tsx';
import { HistoryButton } from '@/components/history-button.tsx';
import { PageTitle } from '@/components/page-title.tsx';

/** 首页弹窗: the one promo popup of the home page (stored in the setting homePopup). */
export default function PopupPage() {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const detail = useQuery({ queryKey: ['popupDetail'], queryFn: () => call('popupDetail', {}, { feedback: false }) });
  const save = useWrite({
    mutationFn: (body: z.output<typeof popupSetting>) => call('popupSave', { body }),
    onSuccess: (data) => {
      void message.success('已保存');
      queries.setQueryData(['popupDetail'], data);
      void queries.invalidateQueries({ queryKey: ['auditList'] });
    },
  });
  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const body = parseWindowed(form, popupSetting, values);
    if (body) save.mutate(body);
  };

  if (detail.isError) return <LoadError error={detail.error} retry={() => void detail.refetch()} />;
  if (detail.isPending) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const popup = detail.data.popup;
  return (
    <>
      <PageTitle title="首页弹窗">
        <HistoryButton objectType="setting" objectId="homePopup" title="首页弹窗" />
      </PageTitle>
      <Card style={{ maxWidth: 720 }}>
        <Alert
          showIcon
          type={detail.data.active ? 'success' : 'info'}
          style={{ marginBottom: 24 }}
          title={
            popup ? (
              <>
                {detail.data.active ? <Tag color="green">展示中</Tag> : <Tag>未展示</Tag>}
                展示期：{windowText(popup)}
                {!popup.enabled && '（已停用）'}
              </>
            ) : (
              '还没有设置首页弹窗'
            )
          }
          description="启用且在展示期内时，访客打开首页会看到一次弹窗。"
        />
        <Form
          form={form}
          layout="vertical"
          initialValues={popup ? { ...popup, window: windowOf(popup) } : { enabled: false, img: '', title: '', url: '', window: null }}
        >
          <Form.Item label="图片" {...fieldOf(popupSetting, 'img')}>
            <ImageUpload hint="弹窗图片，建议 600×800 像素" />
          </Form.Item>
          <Form.Item label="标题" {...fieldOf(popupSetting, 'title')} extra="图片的替代文字，也供读屏软件朗读">
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item
            label="链接"
            {...fieldOf(popupSetting, 'url')}
            extra="点击弹窗打开的地址：站内路径（如 /article/a10011）或 http(s) 链接"
          >
            <Input placeholder="/article/a10011 或 https://…" />
          </Form.Item>
          <Form.Item label="展示期" name="window" extra="留空表示不限">
            <WindowPicker />
          </Form.Item>
          <Form.Item label="启用" name="enabled" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => {})}>
            保存
          </Button>
        </Form>
      </Card>
    </>
  );
}
