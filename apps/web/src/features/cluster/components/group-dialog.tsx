import {
  CLUSTER_DESCRIPTION_MAX,
  CLUSTER_INSTITUTION_MAX,
  CLUSTER_NAME_MAX,
  clusterAddBody,
  type ClusterManaged,
} from '@yance/contracts/cluster';
import { notify } from '@yance/browser/notify';
import { Form, Input, Modal } from 'antd';
import { clearErrorsOnChange, validateWith } from '@/lib/form-validation.ts';
import { useAddCluster, useEditCluster } from '../api/clusters.ts';

interface Values {
  name: string;
  institution: string;
  description: string;
}

/** 创建课题组 / 编辑课题组: name (≤ 40, unique), institution, description; checked by the contract before it is sent. */
export function GroupDialog({ open, editing, onClose }: { open: boolean; editing?: ClusterManaged; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const add = useAddCluster();
  const edit = useEditCluster();
  const submit = () => {
    const values = validateWith(form, clusterAddBody, form.getFieldsValue(true) as Values);
    if (!values) return;
    const done = {
      onSuccess: () => {
        notify.success(editing ? '课题组已保存' : '课题组已创建');
        onClose();
      },
    };
    if (editing) edit.mutate({ ...values, id: editing.id }, done);
    else add.mutate(values, done);
  };
  return (
    <Modal
      open={open}
      title={editing ? '编辑课题组' : '创建课题组'}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={editing ? '保存' : '创建'}
      cancelText="取消"
      confirmLoading={add.isPending || edit.isPending}
      destroyOnHidden
      centered
      width={520}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        aria-label="课题组"
        initialValues={editing ? { name: editing.name, institution: editing.institution, description: editing.description } : {}}
        onFinish={submit}
        onValuesChange={clearErrorsOnChange(form)}
      >
        <Form.Item name="name" label="课题组名称" required>
          <Input maxLength={CLUSTER_NAME_MAX} showCount placeholder="如：纳米材料课题组" />
        </Form.Item>
        <Form.Item name="institution" label="所属单位" required>
          <Input maxLength={CLUSTER_INSTITUTION_MAX} placeholder="学校及院系，如：某大学化学学院" />
        </Form.Item>
        <Form.Item name="description" label="课题组简介" style={{ marginBottom: 0 }}>
          <Input.TextArea maxLength={CLUSTER_DESCRIPTION_MAX} showCount rows={3} placeholder="研究方向、常用测试等（选填）" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
