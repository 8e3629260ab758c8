// The result files of an order (ADR 0041): upload with progress, review (approve, reject with a reason), download.
import { useWrite } from '@yance/browser/use-write';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Progress, Select, Space, Tag, Typography, Upload, type TableProps } from 'antd';
import { useState } from 'react';
import { call } from '@yance/browser/api-client';
import { download, saveFile, uploadWithProgress } from '@yance/browser/api-files';
import { RESULT_FILE_STATE_NAMES, type AdminResultFile } from '@yance/contracts/lab';
import type { AdminOrderDetail } from '@yance/contracts/order';
import { holds, useMe } from '@/lib/me.ts';
import { formatTime } from '@/lib/time.ts';
import { sampleOptions, useRefresh } from './order-lab-shared.ts';
import { ListTable } from '@/components/list-table.tsx';

const FILE_COLORS = { pending: 'orange', approved: 'green', rejected: 'red' } as const;
const sizeText = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

/** 结果文件: upload (progress bar), 审核通过 / 驳回 with a reason; the customer sees approved files only. */
export function ResultFilesSection({ order }: { order: AdminOrderDetail }) {
  const { data: me } = useMe();
  const lab = holds(me, 'order.lab');
  const refresh = useRefresh(order.id);
  const [sampleId, setSampleId] = useState<number | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<AdminResultFile | null>(null);
  const review = useWrite({
    mutationFn: (b: { id: number; approve: boolean; reason: string }) => call('adminResultReview', { body: b }),
    onSettled: refresh,
  });
  const send = async (file: File) => {
    setProgress(0);
    try {
      await uploadWithProgress(
        'adminResultUpload',
        { orderId: String(order.id), ...(sampleId ? { sampleId: String(sampleId) } : {}) },
        file,
        file.name,
        setProgress,
      );
      refresh();
    } catch {
      // The client has shown the server's reason.
    } finally {
      setProgress(null);
    }
  };
  const columns: TableProps<AdminResultFile>['columns'] = [
    {
      title: '文件',
      dataIndex: 'name',
      render: (name: string, f) => (
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          style={{ padding: 0 }}
          onClick={() => void download('adminResultDownload', { id: f.id }, name).then(saveFile, () => {})}
        >
          {name}
        </Button>
      ),
    },
    { title: '样品', dataIndex: 'sampleNo', width: 175, render: (no: string | null) => no ?? '整个订单' },
    { title: '大小', dataIndex: 'size', width: 80, render: sizeText },
    { title: '上传', key: 'up', width: 200, render: (_: unknown, f) => `${f.uploadedBy} ${formatTime(f.uploadedAt)}` },
    {
      title: '审核',
      dataIndex: 'state',
      width: 200,
      render: (state: AdminResultFile['state'], f) => (
        <>
          <Tag color={FILE_COLORS[state]} data-testid="file-state">
            {RESULT_FILE_STATE_NAMES[state]}
          </Tag>
          {f.reviewedBy && <Typography.Text type="secondary">{f.reviewedBy}</Typography.Text>}
          {f.rejectReason && <div>原因：{f.rejectReason}</div>}
          {state === 'pending' && (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                须由上传人以外的同事审核（单人实验室除外）
              </Typography.Text>
            </div>
          )}
          {state === 'pending' && lab && (
            <Space style={{ marginTop: 4 }}>
              <Button
                size="small"
                type="primary"
                loading={review.isPending}
                onClick={() => review.mutate({ id: f.id, approve: true, reason: '' })}
              >
                审核通过
              </Button>
              <Button size="small" danger onClick={() => setRejecting(f)}>
                驳回
              </Button>
            </Space>
          )}
        </>
      ),
    },
  ];
  return (
    <>
      {lab && order.state !== 'cancelled' && (
        <Space wrap style={{ marginBottom: 8 }}>
          <Select
            allowClear
            placeholder="整个订单（可选样品）"
            style={{ width: 240 }}
            options={sampleOptions(order)}
            value={sampleId}
            onChange={setSampleId}
            aria-label="文件所属样品"
          />
          <Upload
            showUploadList={false}
            disabled={progress !== null}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={progress !== null} data-testid="upload-result">
              上传结果文件
            </Button>
          </Upload>
          {progress !== null && <Progress percent={progress} size="small" style={{ width: 200 }} />}
        </Space>
      )}
      <ListTable<AdminResultFile>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={order.files}
        pagination={false}
        scroll={{ x: 800 }}
      />
      {rejecting && (
        <RejectModal
          file={rejecting}
          pending={review.isPending}
          onOk={(reason) => review.mutate({ id: rejecting.id, approve: false, reason }, { onSuccess: () => setRejecting(null) })}
          onClose={() => setRejecting(null)}
        />
      )}
    </>
  );
}

function RejectModal(p: { file: AdminResultFile; pending: boolean; onOk: (reason: string) => void; onClose: () => void }) {
  const [reason, setReason] = useState('');
  return (
    <Modal
      open
      title={`驳回 ${p.file.name}`}
      okText="驳回"
      okButtonProps={{ danger: true, disabled: !reason.trim() }}
      cancelText="取消"
      confirmLoading={p.pending}
      onOk={() => p.onOk(reason.trim())}
      onCancel={p.onClose}
    >
      <Input.TextArea rows={3} maxLength={200} placeholder="驳回原因（必填）" value={reason} onChange={(e) => setReason(e.target.value)} />
    </Modal>
  );
}
