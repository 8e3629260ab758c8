import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { App, Button, Descriptions, Form, Input, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { call } from '@yance/browser/api-client';
import { download, saveFile } from '@yance/browser/api-files';
import { adminContractRejectBody, CONTRACT_STATE_NAMES, type ContractState } from '@yance/contracts/order-contract';
import type { AdminOrderDetail } from '@yance/contracts/order';
import { LoadError } from '@/components/load-error.tsx';
import { holds, useMe } from '@/lib/me.ts';
import { formatTime } from '@/lib/time.ts';
import { fieldOf } from '@/lib/zod-form.ts';
import { detailKey } from './use-order-move.ts';

const COLORS: Record<ContractState, string> = { none: 'default', uploaded: 'gold', rejected: 'red', confirmed: 'success' };
export const contractKey = (orderId: number) => ['adminContractDetail', orderId] as const;

/**
 * 合同 (an enterprise order in 待签约): the generated PDF, the customer's signed
 * scan, and 退回 with a reason; 确认合同 is the order's own button above.
 */
export function ContractPanel({ order }: { order: AdminOrderDetail }) {
  const { data: me } = useMe();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const q = useQuery({
    queryKey: contractKey(order.id),
    queryFn: () => call('adminContractDetail', { query: { orderId: order.id } }, { feedback: false }),
  });
  const reject = useWrite({
    mutationFn: (reason: string) => call('adminContractReject', { body: { orderId: order.id, reason } }),
    onSuccess: (o) => {
      void message.success('已退回，客户需重新上传签署件');
      queries.setQueryData(detailKey(order.id), o);
      void queries.invalidateQueries({ queryKey: contractKey(order.id) });
      setRejecting(false);
    },
  });
  const c = q.data;
  const submitReject = async () => {
    const v = await form.validateFields();
    reject.mutate(v.reason.trim());
  };

  if (q.isError) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  return (
    <div data-testid="contract-panel">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="签署状态">
          {c ? <Tag color={COLORS[c.state]}>{CONTRACT_STATE_NAMES[c.state]}</Tag> : '…'}
        </Descriptions.Item>
        <Descriptions.Item label="合同">
          <Button
            type="link"
            style={{ padding: 0, height: 'auto' }}
            onClick={() =>
              void download('adminContractPdf', { orderId: order.id }, `检测服务合同-${order.no}.pdf`).then(saveFile, () => {})
            }
          >
            下载合同 PDF
          </Button>
        </Descriptions.Item>
        <Descriptions.Item label="签署件">
          {c?.scanName ? (
            <Button
              type="link"
              style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
              onClick={() => void download('adminContractScan', { orderId: order.id }, c.scanName).then(saveFile, () => {})}
            >
              {c.scanName}
            </Button>
          ) : (
            '客户尚未上传'
          )}
        </Descriptions.Item>
        {c?.uploadedAt && <Descriptions.Item label="上传时间">{formatTime(c.uploadedAt)}</Descriptions.Item>}
        {c?.state === 'rejected' && c.rejectReason && <Descriptions.Item label="退回原因">{c.rejectReason}</Descriptions.Item>}
      </Descriptions>
      {c?.state === 'uploaded' && order.state === 'contracting' && holds(me, 'order.quote') && (
        <Space style={{ marginTop: 8 }}>
          <Button danger onClick={() => setRejecting(true)}>
            驳回
          </Button>
        </Space>
      )}
      <Modal
        title={`驳回签署件 · ${order.no}`}
        open={rejecting}
        onCancel={() => setRejecting(false)}
        onOk={() => void submitReject().catch(() => {})}
        okText="驳回"
        okButtonProps={{ danger: true }}
        cancelText="返回"
        confirmLoading={reject.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item label="驳回原因" {...fieldOf(adminContractRejectBody, 'reason')}>
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="客户可见，例如：缺少公章、页数不全" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
