import { useQuery } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { Alert, Button, Form, Input, Skeleton, Steps, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { call } from '@yance/browser/api-client';
import { totpEnableBody } from '@yance/contracts/staff-security';
import { LoadError } from '@/components/load-error.tsx';
import { fieldOf, parseForm } from '@/lib/zod-form.ts';
import { RecoveryCodes } from './recovery-codes.tsx';

/** A base32 secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Binding an authenticator app (ADR 0038): the server makes a new secret
 * (not in force yet), the member scans its QR code or types the secret,
 * confirms with the app's 6 digits, and gets the recovery codes once.
 * `onDone` runs after they say the codes are saved.
 */
export function TotpEnrolSteps({ account, onDone, doneText }: { account: string; onDone: () => void; doneText: string }) {
  const [form] = Form.useForm();
  const [codes, setCodes] = useState<string[] | null>(null);
  // One secret per visit: a refetch would replace the pending secret the member may have just scanned.
  const setup = useQuery({
    queryKey: ['totpSetup'],
    queryFn: () => call('totpSetup', {}, { feedback: false }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const enable = useWrite({
    mutationFn: (body: { code: string }) => call('totpEnable', { body }, { feedback: false }),
    onSuccess: (r) => setCodes(r.recoveryCodes),
  });
  const submit = (values: Record<string, unknown>) => {
    const body = parseForm(form, totpEnableBody, values);
    if (body) enable.mutate(body);
  };

  const steps = (
    <Steps
      size="small"
      current={codes ? 2 : 0}
      style={{ marginBottom: 24 }}
      items={[{ title: '扫描二维码' }, { title: '输入验证码' }, { title: '保存恢复码' }]}
    />
  );
  if (codes)
    return (
      <>
        {steps}
        <RecoveryCodes account={account} codes={codes} onDone={onDone} doneText={doneText} />
      </>
    );
  if (setup.isError) return <LoadError error={setup.error} retry={() => void setup.refetch()} />;
  return (
    <>
      {steps}
      <Typography.Paragraph>
        用手机上的身份验证器应用（如 Google Authenticator、Microsoft Authenticator、腾讯身份验证器）扫描二维码：
      </Typography.Paragraph>
      <div style={{ display: 'grid', placeItems: 'center', marginBottom: 16 }}>
        {setup.data ? (
          <div style={{ padding: 8, background: '#fff', border: '1px solid #f0f0f0', borderRadius: 6 }} data-testid="totp-qr">
            <QRCodeSVG value={setup.data.otpauthUrl} size={176} marginSize={1} title="动态验证码二维码" />
          </div>
        ) : (
          <Skeleton.Node active style={{ width: 192, height: 192 }} />
        )}
      </div>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        无法扫码时，在应用中手动输入密钥（基于时间）：
      </Typography.Paragraph>
      <Typography.Paragraph
        copyable={setup.data ? { text: setup.data.secret, tooltips: ['复制密钥', '已复制'] } : false}
        data-testid="totp-secret"
        style={{
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 15,
          padding: '4px 8px',
          background: '#fafafa',
          border: '1px solid #f0f0f0',
          borderRadius: 4,
        }}
      >
        {setup.data ? grouped(setup.data.secret) : '……'}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} onValuesChange={() => enable.reset()}>
        <Form.Item label="应用显示的6位数字" {...fieldOf(totpEnableBody, 'code')}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={16} placeholder="例如 123456" />
        </Form.Item>
        {enable.error && <Alert type="error" showIcon title={enable.error.message} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" block loading={enable.isPending} disabled={!setup.data}>
          确认绑定
        </Button>
      </Form>
    </>
  );
}
