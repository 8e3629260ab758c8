import type { ClusterManaged } from '@yance/contracts/cluster';
import { notify } from '@yance/browser/notify';
import { Alert, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTransferCluster } from '../api/clusters.ts';

/** 转让课题组: to one of the group's members; the owner stays a member. */
export function TransferDialog({ group, onClose }: { group: ClusterManaged | null; onClose: () => void }) {
  const [memberId, setMemberId] = useState<number>();
  const transfer = useTransferCluster();
  const options = (group?.members ?? [])
    .filter((m) => m.role === 'member')
    .map((m) => ({ value: m.id, label: `${m.name || '未填写姓名'}（${m.phone}）` }));
  const close = () => {
    setMemberId(undefined);
    onClose();
  };
  return (
    <Modal
      open={group !== null}
      title="转让课题组"
      onCancel={close}
      onOk={() =>
        group && memberId && transfer.mutate({ id: group.id, memberId }, { onSuccess: () => (notify.success('课题组已转让'), close()) })
      }
      okText="确认转让"
      okButtonProps={{ danger: true, disabled: !memberId }}
      cancelText="取消"
      confirmLoading={transfer.isPending}
      destroyOnHidden
      centered
      width={460}
    >
      {options.length === 0 ? (
        <Alert type="info" showIcon title="课题组还没有其他成员，请先添加成员再转让" />
      ) : (
        <>
          <p style={{ marginTop: 0 }}>
            把「{group?.name}」转让给下面的一位成员。转让后对方成为负责人，您仍是课题组成员，不能再管理该课题组。
          </p>
          <Select
            aria-label="新负责人"
            placeholder="选择成员"
            style={{ width: '100%' }}
            options={options}
            value={memberId}
            onChange={setMemberId}
          />
        </>
      )}
    </Modal>
  );
}
