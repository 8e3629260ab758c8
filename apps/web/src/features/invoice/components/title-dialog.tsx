import { invoiceTitleForm, type InvoiceTitle } from '@yance/contracts/invoice';
import {
  INVOICE_HOLDER_NAMES,
  INVOICE_HOLDERS,
  INVOICE_KIND_NAMES,
  INVOICE_TITLE_KINDS,
  isElectronicInvoice,
  isSpecialInvoice,
  type InvoiceHolder,
  type InvoiceTitleKind,
} from '@yance/contracts/invoice-states';
import type { Address } from '@yance/contracts/user';
import { Checkbox, Form, Input, Modal, Radio, Select } from 'antd';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { clearErrorsOnChange, validateWith } from '@/lib/form-validation.ts';
import { notify } from '@yance/browser/notify';
import { useSaveTitle } from '../api/invoices.ts';
import { placeText } from '@yance/contracts/place';

interface Values {
  kind: InvoiceTitleKind;
  holder: InvoiceHolder;
  name: string;
  tax_id: string;
  register_address: string;
  register_phone: string;
  bank: string;
  bank_account: string;
  email: string;
  address_rid: string;
  default: boolean;
}

const KIND_OPTIONS = INVOICE_TITLE_KINDS.map((k) => ({ value: k, label: INVOICE_KIND_NAMES[k] }));

/** An address of the book as one line (the title's paper invoices go there). */
export const addressText = (a: Address) => `${a.name} ${a.phone} ${placeText(a)}`;

interface TitleDialogProps {
  open: boolean;
  /** The title being edited; undefined adds one. */
  editing: InvoiceTitle | undefined;
  addresses: readonly Address[];
  onClose: () => void;
}

/**
 * 新增 / 编辑抬头: the kind decides the fields — 专票 (3, 4) a company's
 * registered address, phone, bank and account; e-invoices an e-mail, paper
 * ones an address of the book. Checked by the contract's own schema, so the
 * messages are the server's.
 */
export function TitleDialog({ open, editing, addresses, onClose }: TitleDialogProps) {
  const [form] = Form.useForm<Values>();
  const save = useSaveTitle();
  const kind = Form.useWatch('kind', form) ?? editing?.kind ?? 1;
  const holder = Form.useWatch('holder', form) ?? editing?.holder ?? 'company';
  const special = isSpecialInvoice(kind);
  const electronic = isElectronicInvoice(kind);
  const initial: Values = {
    kind: editing?.kind ?? 1,
    holder: editing?.holder ?? 'company',
    name: editing?.name ?? '',
    tax_id: editing?.tax_id ?? '',
    register_address: editing?.register_address ?? '',
    register_phone: editing?.register_phone ?? '',
    bank: editing?.bank ?? '',
    bank_account: editing?.bank_account ?? '',
    email: editing?.email ?? '',
    address_rid: editing?.address_rid || (addresses.find((a) => a.default)?.address_rid ?? ''),
    default: editing?.default ?? false,
  };

  const submit = () => {
    const raw = { ...initial, ...(form.getFieldsValue(true) as Partial<Values>) };
    const values = validateWith(form, invoiceTitleForm, raw);
    if (!values) return;
    const done = {
      onSuccess: () => {
        notify.success('操作成功!');
        onClose();
      },
    };
    if (editing) save.mutate({ ...values, id: editing.id }, done);
    else save.mutate(values, done);
  };

  return (
    <Modal
      open={open}
      title={editing ? '编辑发票抬头' : '新增发票抬头'}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      destroyOnHidden
      centered
      width={560}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        onValuesChange={(changed: Partial<Values>) => {
          clearErrorsOnChange(form)(changed);
          // 专票 only for a company.
          if (changed.kind && isSpecialInvoice(changed.kind)) form.setFieldValue('holder', 'company');
        }}
        preserve={false}
        aria-label="发票抬头"
      >
        <Form.Item name="kind" label="发票类型" required>
          <Select options={KIND_OPTIONS} aria-label="发票类型" />
        </Form.Item>
        <Form.Item name="holder" label="抬头类型" required>
          <Radio.Group
            options={INVOICE_HOLDERS.map((h) => ({ value: h, label: INVOICE_HOLDER_NAMES[h], disabled: special && h === 'person' }))}
          />
        </Form.Item>
        <Form.Item name="name" label="抬头名称" required>
          <Input maxLength={100} placeholder={holder === 'company' ? '与营业执照一致的单位全称' : '姓名'} />
        </Form.Item>
        <Form.Item
          name="tax_id"
          label="纳税人识别号"
          required={holder === 'company'}
          extra={holder === 'company' ? '统一社会信用代码，15、18或20位字母或数字' : '个人可不填'}
        >
          <Input maxLength={32} placeholder="例如 91310000MA1FL4XX1X" autoComplete="off" />
        </Form.Item>
        {special && (
          <>
            <Form.Item name="register_address" label="注册地址" required>
              <Input maxLength={100} placeholder="营业执照上的注册地址" />
            </Form.Item>
            <Form.Item name="register_phone" label="注册电话" required>
              <Input maxLength={32} inputMode="tel" placeholder="例如 021-64250000" />
            </Form.Item>
            <Form.Item name="bank" label="开户银行" required>
              <Input maxLength={64} placeholder="例如 中国工商银行上海徐汇支行" />
            </Form.Item>
            <Form.Item name="bank_account" label="银行账号" required>
              <Input maxLength={40} inputMode="numeric" placeholder="对公账户账号" autoComplete="off" />
            </Form.Item>
          </>
        )}
        {electronic ? (
          <Form.Item name="email" label="收票邮箱" required extra="电子发票开具后发送至此邮箱">
            <Input maxLength={64} type="email" placeholder="name@example.com" />
          </Form.Item>
        ) : (
          <Form.Item
            name="address_rid"
            label="收票地址"
            required
            extra={
              addresses.length === 0 ? (
                <span>
                  地址簿为空，请先<Link to={paths.member('address')}>添加地址</Link>
                </span>
              ) : (
                '纸质发票寄送至此地址'
              )
            }
          >
            <Select
              aria-label="收票地址"
              placeholder="从地址簿选择"
              options={addresses.map((a) => ({ value: a.address_rid, label: addressText(a) }))}
            />
          </Form.Item>
        )}
        <Form.Item name="default" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox>设为默认抬头</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
