import { LockOutlined, PaperClipOutlined } from '@ant-design/icons';
import { DEMAND_ATTACHMENTS_MAX } from '@yance/contracts/demand';
import { PHONE_LENGTH, phone } from '@yance/contracts/account';
import { Alert, Button, Form, Input, InputNumber, Upload, type UploadFile } from 'antd';
import { ruleFrom } from '@/lib/form-validation.ts';
import layout from './require-layout.module.css';
import { RequireSteps } from './require-steps.tsx';
import styles from './require-form.module.css';

export interface RequireFormValues {
  title: string;
  description: string;
  /** Budget in yuan as typed; converted to fen when accounts submit it. */
  budget?: number;
  name: string;
  phone: string;
  /** Chosen files: sent (as private files) only when the demand is submitted. */
  files?: UploadFile[];
}

/** What demand/upload accepts (checked again by the server from the bytes). */
const ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.zip,image/jpeg,image/png,image/webp';

const required = (label: string) => ({ required: true, whitespace: true, message: `[${label}]不能为空` });

/**
 * The 发布需求 form. Requirements belong to an account, so for a visitor
 * onSubmit opens the login prompt; the typed values stay in the form.
 */
export function RequireForm({ onSubmit, signedIn }: { onSubmit: (values: RequireFormValues) => void; signedIn?: boolean }) {
  const [form] = Form.useForm<RequireFormValues>();
  return (
    <div className={layout.grid}>
      <Form<RequireFormValues> form={form} layout="vertical" onFinish={onSubmit} className={styles.form} scrollToFirstError>
        {!signedIn && (
          <Alert
            className={styles.notice}
            type="warning"
            showIcon
            icon={<LockOutlined />}
            title="发布需求需要登录账号"
            description="需求会关联到您的账号，便于客户经理报价与跟进。未登录时点击提交将先弹出登录窗口，已填写的内容会保留。"
          />
        )}
        <Form.Item name="title" label="需求标题" rules={[required('需求标题'), { max: 50, message: '[需求标题]不能超过50个字' }]}>
          <Input placeholder="例如：锂电正极材料原位XRD测试" maxLength={50} showCount />
        </Form.Item>
        <Form.Item name="description" label="需求描述" rules={[required('需求描述'), { max: 2000, message: '[需求描述]不能超过2000个字' }]}>
          <Input.TextArea rows={6} maxLength={2000} showCount placeholder="请描述样品类型、数量、测试目的、参数要求和期望完成时间等" />
        </Form.Item>
        <div className={styles.row}>
          <Form.Item name="budget" label="预算（元）" className={styles.cell}>
            <InputNumber min={0} max={10_000_000} precision={0} placeholder="可不填" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="name" label="联系人" rules={[required('联系人')]} className={styles.cell}>
            <Input maxLength={20} placeholder="您的称呼" />
          </Form.Item>
          <Form.Item name="phone" label="手机号" rules={[required('手机号'), ruleFrom(phone())]} validateFirst className={styles.cell}>
            <Input maxLength={PHONE_LENGTH} inputMode="numeric" placeholder="11位手机号" />
          </Form.Item>
        </div>
        <Form.Item
          name="files"
          label="附件"
          valuePropName="fileList"
          getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList}
          extra={`选填：PDF、图片、Word/Excel 或 ZIP，最多${DEMAND_ATTACHMENTS_MAX}个；仅您与客户经理可见`}
        >
          <Upload accept={ACCEPT} multiple maxCount={DEMAND_ATTACHMENTS_MAX} beforeUpload={() => false}>
            <Button icon={<PaperClipOutlined />}>选择文件</Button>
          </Upload>
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" className={styles.submit}>
          提交需求
        </Button>
      </Form>
      <RequireSteps />
    </div>
  );
}
