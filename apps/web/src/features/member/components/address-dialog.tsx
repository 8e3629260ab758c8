import { PHONE_LENGTH } from '@yance/contracts/account';
import { addressForm, type Address } from '@yance/contracts/user';
import { Checkbox, Form, Input, Modal } from 'antd';
import { clearErrorsOnChange, validateWith } from '@/lib/form-validation.ts';
import { notify } from '@yance/browser/notify';
import { useAddAddress } from '../api/add-address.ts';
import { useEditAddress } from '../api/edit-address.ts';
import { DEFAULT_REGION, regionNames, regionPath } from '../utils/region-options.ts';
import { RegionCascader } from './region-cascader.tsx';
import { useRegionCheck } from './region-conflict.tsx';

/** The schema checks province, city, area and code; the form edits them with one picker. */
const REGION_ALIAS = { province: 'region', city: 'region', area: 'region', address_code: 'region' };

interface Values {
  name: string;
  phone: string;
  region: string[];
  address: string;
  default: boolean;
}

interface AddressDialogProps {
  open: boolean;
  /** The address being edited; undefined adds a new one. */
  editing: Address | undefined;
  /** Prefill for a new address (the account's phone). */
  phone: string;
  onClose: () => void;
}

/**
 * Add or edit an address; region from @vant/area-data, default 110101 (spec
 * §9); a detail address naming another district than the one picked is
 * questioned before saving (useRegionCheck).
 */
export function AddressDialog({ open, editing, phone, onClose }: AddressDialogProps) {
  const [form] = Form.useForm<Values>();
  const add = useAddAddress();
  const edit = useEditAddress();
  const regionCheck = useRegionCheck(form);
  const initial: Partial<Values> = editing
    ? {
        name: editing.name,
        phone: editing.phone,
        region: regionPath(editing.address_code),
        address: editing.address,
        default: editing.default,
      }
    : { phone, region: regionPath(DEFAULT_REGION), default: false };

  const submit = (checked = false) => {
    const raw = form.getFieldsValue(true) as Values;
    const code = raw.region?.at(-1) ?? '';
    const names = regionNames(code) ?? { province: '', city: '', area: '' };
    const values = validateWith(
      form,
      addressForm,
      { name: raw.name, phone: raw.phone, ...names, address: raw.address, address_code: code, default: !!raw.default },
      false,
      REGION_ALIAS,
    );
    if (!values) return;
    if (!regionCheck.passes(values.address, code, checked)) return;
    const done = { onSuccess: () => (notify.success('操作成功!'), onClose()) };
    if (editing) edit.mutate({ ...values, address_rid: editing.address_rid }, done);
    else add.mutate(values, done);
  };

  return (
    <Modal
      open={open}
      title={editing ? '编辑地址' : '新增地址'}
      onCancel={() => {
        regionCheck.clear();
        onClose();
      }}
      onOk={() => form.submit()}
      okText="保存"
      confirmLoading={add.isPending || edit.isPending}
      destroyOnHidden
      centered
      width={520}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={() => submit()}
        onValuesChange={(changed: Partial<Values>) => {
          clearErrorsOnChange(form)(changed);
          regionCheck.onValuesChange(changed);
        }}
        preserve={false}
        aria-label="地址"
      >
        <Form.Item name="name" label="姓名" required>
          <Input maxLength={32} placeholder="联系人姓名" />
        </Form.Item>
        <Form.Item name="phone" label="手机" required>
          <Input maxLength={PHONE_LENGTH} inputMode="tel" placeholder="联系人手机号" />
        </Form.Item>
        <Form.Item name="region" label="所在地区" required>
          <RegionCascader />
        </Form.Item>
        <Form.Item name="address" label="详细地址" required>
          <Input.TextArea maxLength={128} rows={2} placeholder="街道、楼栋、门牌号" />
        </Form.Item>
        {regionCheck.question(() => submit(true))}
        <Form.Item name="default" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox>设为默认地址</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
