import { code4smsBody } from '@yance/contracts/account';
import type { FormInstance } from 'antd';
import { Input } from 'antd';
import { CountdownButton } from '@/components/ui/countdown-button.tsx';
import { sendSmsCode, type SmsUse } from '../api/send-sms-code.ts';
import styles from './auth-dialog.module.css';

interface SmsCodeFieldProps {
  form: FormInstance;
  /** The form field holding the phone number. */
  phoneField: string;
  useFor: SmsUse;
  value?: string;
  onChange?: (value: string) => void;
  /** Set by Form.Item: the field's id and its error description, for screen readers. */
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}

/** Verification-code input with the 获取验证码 button (60 s countdown after a send, spec §4). */
export function SmsCodeField({ form, phoneField, useFor, value, onChange, ...a11y }: SmsCodeFieldProps) {
  const send = async () => {
    const phone = code4smsBody.shape.phone.safeParse(form.getFieldValue(phoneField) ?? '');
    if (!phone.success) {
      form.setFields([{ name: phoneField, errors: [phone.error.issues[0]?.message ?? '[手机号]格式不正确'] }]);
      return false;
    }
    try {
      await sendSmsCode(phone.data, useFor);
      return true;
    } catch {
      return false; // the api client has shown the reason
    }
  };
  return (
    <div className={styles.codeRow}>
      <Input
        {...a11y}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        size="large"
        maxLength={6}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="请输入验证码"
        aria-label="验证码"
      />
      <CountdownButton countdownKey={`sms-${useFor}`} onTrigger={send} size="large" />
    </div>
  );
}
