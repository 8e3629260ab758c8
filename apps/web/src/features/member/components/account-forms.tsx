import { PHONE_LENGTH } from '@yance/contracts/account';
import { update4contactBody, updateInfoBody, type UserInfo } from '@yance/contracts/user';
import { Button, Form, Input } from 'antd';
import { CountdownButton } from '@/components/ui/countdown-button.tsx';
import { clearErrorsOnChange, validateWith } from '@/lib/form-validation.ts';
import { notify } from '@/lib/notify.ts';
import { sendContactCode } from '../api/send-contact-code.ts';
import { useUpdateContact } from '../api/update-contact.ts';
import { useUpdateInfo } from '../api/update-info.ts';
import styles from './account-forms.module.css';

/** 用户名: a name to log in with besides the phone (updateInfo). */
export function UsernameForm({ user }: { user: UserInfo }) {
  const [form] = Form.useForm<{ username: string }>();
  const update = useUpdateInfo();
  const submit = () => {
    const values = validateWith(form, updateInfoBody, form.getFieldsValue(['username']));
    if (values) update.mutate(values, { onSuccess: () => notify.success('操作成功!') });
  };
  return (
    <Form form={form} layout="vertical" initialValues={{ username: user.username ?? '' }} onFinish={submit} onValuesChange={clearErrorsOnChange(form)} aria-label="用户名">
      <Form.Item name="username" label="用户名" extra="4-20位字母、数字或下划线，以字母开头；可用于登录">
        <Input maxLength={20} placeholder="设置用户名" autoComplete="username" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        保存用户名
      </Button>
    </Form>
  );
}

/** 更换手机号: the new number is proven by an SMS code sent to it (useFor 4). */
export function ContactForm({ user }: { user: UserInfo }) {
  const [form] = Form.useForm<{ phone: string; code: string }>();
  const update = useUpdateContact();
  const send = async () => {
    const phone = update4contactBody.shape.phone.safeParse(form.getFieldValue('phone') ?? '');
    if (!phone.success) {
      form.setFields([{ name: 'phone', errors: [phone.error.issues[0]?.message ?? '[新手机号]格式不正确'] }]);
      return false;
    }
    try {
      await sendContactCode(phone.data);
      return true;
    } catch {
      return false;
    }
  };
  const submit = () => {
    const values = validateWith(form, update4contactBody, form.getFieldsValue(['phone', 'code']));
    if (!values) return;
    update.mutate(values, {
      onSuccess: () => {
        notify.success('操作成功!');
        form.resetFields();
      },
    });
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} onValuesChange={clearErrorsOnChange(form)} aria-label="更换手机号">
      <p className={styles.current}>当前手机号：{user.phone}</p>
      <Form.Item name="phone" label="新手机号">
        <Input maxLength={PHONE_LENGTH} inputMode="tel" placeholder="请输入新手机号" />
      </Form.Item>
      <Form.Item label="验证码" required>
        <div className={styles.codeRow}>
          <Form.Item name="code" noStyle>
            <Input maxLength={6} inputMode="numeric" placeholder="发送到新手机号的验证码" aria-label="验证码" />
          </Form.Item>
          <CountdownButton countdownKey="sms-4" onTrigger={send} />
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        更换手机号
      </Button>
    </Form>
  );
}
