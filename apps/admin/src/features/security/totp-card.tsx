import { useWrite } from '@yance/browser/use-write';
import { Alert, App, Button, Card, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call } from '@yance/browser/api-client';
import { totpDisableBody } from '@yance/contracts/staff-security';
import type { StaffMe } from '@yance/contracts/staff';
import { ME_KEY } from '@/lib/me.ts';
import { queryClient } from '@/lib/query-client.ts';
import { fieldOf, parseForm } from '@/lib/zod-form.ts';
import { TotpEnrolSteps } from './totp-enrol-steps.tsx';

const refreshMe = () => void queryClient.invalidateQueries({ queryKey: ME_KEY });

/**
 * 动态验证码: whether it is on; turning it on (optional roles: manager, lab,
 * operator) and off again with a code. Admin and finance cannot turn it off
 * (ADR 0038): a lost phone goes through another admin's reset.
 */
export function TotpCard({ me }: { me: StaffMe }) {
  const [enrolling, setEnrolling] = useState(false);
  const [disabling, setDisabling] = useState(false);
  return (
    <Card title="动态验证码" style={{ height: '100%' }}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <div>
          状态：
          {me.totpEnabled ? <Tag color="green">已开启</Tag> : <Tag>未开启</Tag>}
        </div>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          开启后，登录时除密码外还需输入手机身份验证器应用显示的6位数字，密码泄露也不会被他人登录。
        </Typography.Paragraph>
        {me.totpRequired && (
          <Alert
            type="info"
            showIcon
            title="你的角色（管理员、财务）必须使用动态验证码，不能关闭。"
            description="更换或丢失手机时，可用恢复码登录，或请其他管理员在“员工”页重置动态验证码后重新绑定。"
          />
        )}
        {me.totpEnabled ? (
          <Button danger disabled={me.totpRequired} onClick={() => setDisabling(true)}>
            关闭动态验证码
          </Button>
        ) : (
          <Button type="primary" onClick={() => setEnrolling(true)}>
            开启动态验证码
          </Button>
        )}
      </Space>
      <Modal
        title="开启动态验证码"
        open={enrolling}
        footer={null}
        maskClosable={false}
        destroyOnHidden
        onCancel={() => {
          setEnrolling(false);
          refreshMe();
        }}
      >
        <TotpEnrolSteps
          account={me.account}
          doneText="完成"
          onDone={() => {
            setEnrolling(false);
            refreshMe();
          }}
        />
      </Modal>
      <DisableModal open={disabling} onClose={() => setDisabling(false)} />
    </Card>
  );
}

/** 关闭动态验证码: proven by a current code or a recovery code (wrong ones count towards the sign-in lockout). */
function DisableModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const disable = useWrite({
    mutationFn: (body: { code: string }) => call('totpDisable', { body }, { feedback: false }),
    onSuccess: () => {
      void message.success('已关闭动态验证码');
      refreshMe();
      onClose();
    },
  });
  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const body = parseForm(form, totpDisableBody, values);
    if (body) disable.mutate(body);
  };
  return (
    <Modal
      title="关闭动态验证码"
      open={open}
      onCancel={onClose}
      onOk={() => void submit().catch(() => {})}
      okText="确认关闭"
      okButtonProps={{ danger: true }}
      confirmLoading={disable.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph>关闭后登录只需密码，原恢复码全部作废。请输入当前的动态验证码或一个恢复码确认：</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false} onValuesChange={() => disable.reset()}>
        <Form.Item label="动态验证码" {...fieldOf(totpDisableBody, 'code')}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={16} />
        </Form.Item>
      </Form>
      {disable.error && <Alert type="error" showIcon title={disable.error.message} />}
    </Modal>
  );
}
