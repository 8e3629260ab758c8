import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { serviceAgreementInput, type ServiceAgreement, type ServiceAgreementInput } from '@yance/contracts/service-agreement';
import { HistoryButton } from '@/components/history-button.tsx';
import { fieldOf, parseForm } from '@/lib/zod-form.ts';
import { formatTime } from '@/lib/time.ts';

/**
 * 检测服务协议 (ADR 0070): the text an institution ticks 同意 on when it orders (spec §9 签署协议并寄样). A save
 * with new words is the next version; orders keep the version their customer accepted.
 */
export function ServiceAgreementCard({ current }: { current: ServiceAgreement }) {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const save = useWrite({
    mutationFn: (body: ServiceAgreementInput) => call('settingAgreementSave', { body }),
    onSuccess: (saved) => {
      void message.success(saved.version === current.version ? '内容未变化，版本不变' : `已保存为第${saved.version}版`);
      void queries.invalidateQueries({ queryKey: ['settingAdminDetail'] });
      void queries.invalidateQueries({ queryKey: ['auditList'] });
    },
  });
  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const body = parseForm(form, serviceAgreementInput, values);
    if (body) save.mutate(body);
  };
  return (
    <Card
      title="检测服务协议"
      style={{ maxWidth: 720, marginTop: 16 }}
      extra={<HistoryButton objectType="setting" objectId="serviceAgreement" title="检测服务协议" />}
      data-testid="service-agreement"
    >
      <Typography.Paragraph type="secondary">
        院校客户下单时须阅读并勾选同意本协议（企业客户签订合同）。当前第{current.version}版
        {current.updatedAt ? `，${formatTime(current.updatedAt)} 更新` : '（系统默认文本）'}；修改后保存即为新版本。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ title: current.title, body: current.body }} onValuesChange={() => save.reset()}>
        <Form.Item label="协议名称" {...fieldOf(serviceAgreementInput, 'title')}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item label="协议内容" {...fieldOf(serviceAgreementInput, 'body')} extra="每行一段">
          <Input.TextArea rows={12} maxLength={20000} />
        </Form.Item>
        <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => {})}>
          保存协议
        </Button>
      </Form>
    </Card>
  );
}
