import { Alert, Button, Card, Form, Input, Spin } from 'antd';
import { call } from '@yance/browser/api-client';
import { localInfo, type LocalInfo } from '@yance/contracts/setting';
import { LoadError } from '@/components/load-error.tsx';
import { HistoryButton } from '@/components/history-button.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { fieldOf, parseForm } from '@/lib/zod-form.ts';
import { useSaveSetting, useSettings } from './use-settings.ts';
import { ServiceAgreementCard } from './service-agreement-card.tsx';

/** 联系方式: the address, phone, e-mail, sample address, hours and WeChat the site's footer and order pages show; and the service agreement. */
export default function LocalInfoPage() {
  const [form] = Form.useForm();
  const settings = useSettings();
  const save = useSaveSetting((value: LocalInfo) => call('settingLocalInfoSave', { body: { localInfo: value } }));
  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const body = parseForm(form, localInfo, values);
    if (body) save.mutate(body);
  };
  if (settings.isError) return <LoadError error={settings.error} retry={() => void settings.refetch()} />;
  if (settings.isPending) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const stored = settings.data.localInfo;
  return (
    <>
      <PageTitle title="联系方式">
        <HistoryButton objectType="setting" objectId="localInfo" title="联系方式" />
      </PageTitle>
      <Card style={{ maxWidth: 720 }}>
        {!stored && (
          <Alert type="warning" showIcon style={{ marginBottom: 24 }} title="联系方式尚未设置，网站页脚与寄样说明将缺少这些信息。" />
        )}
        <Form
          form={form}
          layout="vertical"
          initialValues={stored ?? { company: '', taxId: '', wechat: '' }}
          onValuesChange={() => save.reset()}
        >
          <Form.Item label="公司名称" {...fieldOf(localInfo, 'company')} extra="企业客户检测服务合同的乙方；留空时为平台名称">
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item label="纳税人识别号" {...fieldOf(localInfo, 'taxId')} extra="统一社会信用代码，打印在开具的发票上（销售方）">
            <Input maxLength={18} />
          </Form.Item>
          <Form.Item label="公司地址" {...fieldOf(localInfo, 'address')}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item label="联系电话" {...fieldOf(localInfo, 'phone')}>
            <Input inputMode="tel" maxLength={32} />
          </Form.Item>
          <Form.Item label="联系邮箱" {...fieldOf(localInfo, 'email')}>
            <Input inputMode="email" maxLength={64} />
          </Form.Item>
          <Form.Item label="收样地址" {...fieldOf(localInfo, 'express')} extra="客户邮寄样品的地址、收件人与电话">
            <Input.TextArea rows={3} maxLength={300} showCount />
          </Form.Item>
          <Form.Item label="服务时间" {...fieldOf(localInfo, 'hours')}>
            <Input maxLength={64} placeholder="如：周一至周五 9:00-18:00" />
          </Form.Item>
          <Form.Item label="微信号" {...fieldOf(localInfo, 'wechat')}>
            <Input maxLength={64} />
          </Form.Item>
          <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => {})}>
            保存
          </Button>
        </Form>
      </Card>
      <ServiceAgreementCard key={settings.data.serviceAgreement.version} current={settings.data.serviceAgreement} />
    </>
  );
}
