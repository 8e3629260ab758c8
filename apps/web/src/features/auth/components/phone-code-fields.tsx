import { Form, type FormInstance } from 'antd';
import type { SmsUse } from '../api/send-sms-code.ts';
import { PhoneInput } from './phone-input.tsx';
import { SmsCodeField } from './sms-code-field.tsx';

/** A phone field and the code sent to it for `useFor` (SMS login, register, reset, WeChat confirm). */
export function PhoneCodeFields({ form, useFor, phoneField = 'phone' }: { form: FormInstance; useFor: SmsUse; phoneField?: string }) {
  return (
    <>
      <Form.Item name={phoneField}>
        <PhoneInput />
      </Form.Item>
      <Form.Item name="code">
        <SmsCodeField form={form} phoneField={phoneField} useFor={useFor} />
      </Form.Item>
    </>
  );
}
