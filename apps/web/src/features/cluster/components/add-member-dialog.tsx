import { PHONE_LENGTH } from '@yance/contracts/account';
import { clusterPhoneBody, type ClusterUserLookup } from '@yance/contracts/cluster';
import { notify } from '@yance/browser/notify';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { lookUpMember, useAddMember } from '../api/clusters.ts';

/**
 * 添加成员: the owner types a whole phone number, 查找 answers only the name
 * and the masked phone (search4user), and 添加 adds that customer.
 */
export function AddMemberDialog({ clusterId, open, onClose }: { clusterId: number; open: boolean; onClose: () => void }) {
  const [phone, setPhone] = useState('');
  const [error, setError] = useState('');
  const [found, setFound] = useState<ClusterUserLookup | null>(null);
  const [looking, setLooking] = useState(false);
  const add = useAddMember();
  const close = () => {
    setPhone('');
    setError('');
    setFound(null);
    onClose();
  };
  const look = async () => {
    const checked = clusterPhoneBody.safeParse({ id: clusterId, phone });
    setFound(null);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? '');
    setError('');
    setLooking(true);
    try {
      setFound(await lookUpMember(checked.data));
    } catch {
      // The api client has said why (未注册, 查询过于频繁).
    } finally {
      setLooking(false);
    }
  };
  return (
    <Modal open={open} title="添加成员" onCancel={close} footer={null} destroyOnHidden centered width={460}>
      <p style={{ marginTop: 0, color: 'var(--muted)', fontSize: 13 }}>输入对方注册研测时使用的完整手机号，查找后确认姓名再添加。</p>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label="成员手机号"
          inputMode="tel"
          maxLength={PHONE_LENGTH}
          placeholder="完整手机号"
          value={phone}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setPhone(e.target.value.trim());
            setError('');
            setFound(null);
          }}
          onPressEnter={() => void look()}
        />
        <Button type="primary" loading={looking} onClick={() => void look()}>
          查找
        </Button>
      </Space.Compact>
      {error && <div style={{ color: 'var(--ant-color-error, #ff4d4f)', fontSize: 13, marginTop: 4 }}>{error}</div>}
      {found && (
        <Alert
          style={{ marginTop: 16 }}
          type={found.state ? 'warning' : 'info'}
          title={`${found.name || '未填写姓名'}（${found.phone}）`}
          description={
            found.state
              ? `该用户${found.state === 'member' ? '已是课题组成员' : '已申请加入，添加即同意其申请'}`
              : '确认是这位用户后点击添加'
          }
          action={
            found.state !== 'member' && (
              <Button
                type="primary"
                size="small"
                loading={add.isPending}
                onClick={() => add.mutate({ id: clusterId, phone }, { onSuccess: () => (notify.success('成员已添加'), close()) })}
              >
                添加
              </Button>
            )
          }
        />
      )}
    </Modal>
  );
}
