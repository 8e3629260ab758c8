import { CLUSTER_APPLY_MESSAGE_MAX, type ClusterSummary } from '@yance/contracts/cluster';
import { notify } from '@yance/browser/notify';
import { Input, Modal } from 'antd';
import { useState } from 'react';
import { useApplyCluster } from '../api/clusters.ts';

/** 申请加入: an optional message to the owner (who they are, whose student). */
export function ApplyDialog({ group, onClose }: { group: ClusterSummary | null; onClose: () => void }) {
  const [message, setMessage] = useState('');
  const apply = useApplyCluster();
  const close = () => {
    setMessage('');
    onClose();
  };
  return (
    <Modal
      open={group !== null}
      title={`申请加入「${group?.name ?? ''}」`}
      onCancel={close}
      onOk={() =>
        group && apply.mutate({ id: group.id, message }, { onSuccess: () => (notify.success('申请已提交，请等待负责人审核'), close()) })
      }
      okText="提交申请"
      cancelText="取消"
      confirmLoading={apply.isPending}
      destroyOnHidden
      centered
      width={460}
    >
      <p style={{ marginTop: 0, color: 'var(--muted)', fontSize: 13 }}>负责人 {group?.ownerName} 同意后您将成为课题组成员。</p>
      <Input.TextArea
        aria-label="申请留言"
        rows={3}
        maxLength={CLUSTER_APPLY_MESSAGE_MAX}
        showCount
        placeholder="介绍一下自己，如：王老师的研究生，需要测XRD（选填）"
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      />
    </Modal>
  );
}
