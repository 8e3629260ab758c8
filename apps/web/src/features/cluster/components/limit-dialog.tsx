import { FEN_MAX } from '@yance/contracts/money';
import type { ClusterMember } from '@yance/contracts/cluster';
import { formatFen } from '@yance/browser/format';
import { notify } from '@yance/browser/notify';
import { InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useAssignLimit } from '../api/clusters.ts';

/** 设置额度: the member's spending limit typed in yuan (two decimals) and sent as fen. */
export function LimitDialog({ member, onClose }: { member: ClusterMember | null; onClose: () => void }) {
  const [yuan, setYuan] = useState<number | null>(null);
  const assign = useAssignLimit();
  const value = yuan ?? (member ? member.limitFen / 100 : 0);
  const save = () => {
    if (!member) return;
    assign.mutate(
      { id: member.id, limitFen: Math.round(value * 100) },
      {
        onSuccess: () => {
          notify.success('额度已保存');
          setYuan(null);
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open={member !== null}
      title={`设置消费额度：${member?.name || member?.phone || ''}`}
      onCancel={() => (setYuan(null), onClose())}
      onOk={save}
      okText="保存"
      cancelText="取消"
      confirmLoading={assign.isPending}
      destroyOnHidden
      centered
      width={420}
    >
      <p style={{ marginTop: 0, color: 'var(--muted)', fontSize: 13 }}>
        成员可在额度内使用课题组账户结算订单。已使用 {formatFen(member?.spentFen ?? 0)}。
      </p>
      <InputNumber
        aria-label="消费额度（元）"
        prefix="¥"
        min={0}
        max={FEN_MAX / 100}
        precision={2}
        step={100}
        style={{ width: '100%' }}
        value={value}
        onChange={(v) => setYuan(typeof v === 'number' ? v : 0)}
      />
    </Modal>
  );
}
