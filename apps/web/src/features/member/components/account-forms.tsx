import { PHONE_LENGTH } from '@yance/contracts/account';
import { update4contactBody, updateInfoBody, type UserInfo } from '@yance/contracts/user';
import { Button, Form, Input, Radio } from 'antd';
import { CountdownButton } from '@/components/ui/countdown-button.tsx';
import { clearErrorsOnChange, validateWith } from '@/lib/form-validation.ts';
import { notify } from '@yance/browser/notify';
import { sendContactCode, sendCurrentPhoneCode } from '../api/send-contact-code.ts';
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
    <Form
      form={form}
      layout="vertical"
      initialValues={{ username: user.username ?? '' }}
      onFinish={submit}
      onValuesChange={clearErrorsOnChange(form)}
      aria-label="用户名"
    >
      <Form.Item name="username" label="用户名" required extra="4-20位字母、数字或下划线，以字母开头；可用于登录">
        <Input maxLength={20} placeholder="设置用户名" autoComplete="username" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        保存用户名
      </Button>
    </Form>
  );
}

type Proof = 'password' | 'currentCode';
type ContactValues = { proof: Proof; password?: string; currentCode?: string; phone: string; code: string };

/**
 * 更换手机号 (ADR 0021): first prove you hold the account — the current
 * password, or a code sent to the current phone (useFor 5) — then the new
 * phone and the code sent to it (useFor 4). Other devices are signed out and
 * the old phone is told.
 */
export function ContactForm({ user }: { user: UserInfo }) {
  const [form] = Form.useForm<ContactValues>();
  const proof = Form.useWatch('proof', form) ?? 'password';
  const update = useUpdateContact();
  const sendNew = async () => {
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
  const sendCurrent = async () => {
    try {
      await sendCurrentPhoneCode();
      return true;
    } catch {
      return false;
    }
  };
  const submit = () => {
    const { phone, code, password, currentCode } = form.getFieldsValue(true) as ContactValues;
    // Only the chosen proof is sent; an empty one is named under its own field.
    const held = proof === 'password' ? { password: password ?? '' } : { currentCode: currentCode ?? '' };
    const values = validateWith(form, update4contactBody, { phone: phone ?? '', code: code ?? '', ...held });
    if (!values) return;
    update.mutate(values, {
      onSuccess: () => {
        notify.success('手机号已更换，其他设备上的登录已退出');
        form.resetFields();
      },
    });
  };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ proof: 'password' }}
      onFinish={submit}
      onValuesChange={clearErrorsOnChange(form)}
      aria-label="更换手机号"
    >
      <p className={styles.current}>当前手机号：{user.phone}</p>
      <Form.Item name="proof" label="验证身份" required>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'password', label: '当前密码' },
            { value: 'currentCode', label: '当前手机验证码' },
          ]}
        />
      </Form.Item>
      {proof === 'password' ? (
        <Form.Item name="password" label="当前密码" required>
          <Input.Password maxLength={128} placeholder="请输入当前登录密码" autoComplete="current-password" />
        </Form.Item>
      ) : (
        <Form.Item label="当前手机验证码" required>
          <div className={styles.codeRow}>
            <Form.Item name="currentCode" noStyle>
              <Input maxLength={6} inputMode="numeric" placeholder="发送到当前手机号的验证码" aria-label="当前手机验证码" />
            </Form.Item>
            <CountdownButton countdownKey="sms-5" onTrigger={sendCurrent} />
          </div>
        </Form.Item>
      )}
      <Form.Item name="phone" label="新手机号" required>
        <Input maxLength={PHONE_LENGTH} inputMode="tel" placeholder="请输入新手机号" />
      </Form.Item>
      <Form.Item label="新手机验证码" required>
        <div className={styles.codeRow}>
          <Form.Item name="code" noStyle>
            <Input maxLength={6} inputMode="numeric" placeholder="发送到新手机号的验证码" aria-label="新手机验证码" />
          </Form.Item>
          <CountdownButton countdownKey="sms-4" onTrigger={sendNew} />
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        更换手机号
      </Button>
    </Form>
  );
}
