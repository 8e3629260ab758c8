// The lab's work on one order (ADR 0041): samples' states and return tracking,
// test records, and the price adjustment; the result files are in order-result-files.tsx.
// Every change reloads the order from the server's answer.
import { useWrite } from '@yance/browser/use-write';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Select, Space, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { call } from '@yance/browser/api-client';
import { formatFen } from '@yance/browser/format';
import type { TestRecord } from '@yance/contracts/lab';
import type { AdminOrderDetail, OrderSample } from '@yance/contracts/order';
import { canSampleLeave } from '@yance/contracts/sample-states';
import { holds, useMe } from '@/lib/me.ts';
import { dayjs, formatTime } from '@/lib/time.ts';
import { SampleStateTag } from '@/components/sample-state-tag.tsx';
import { returnAddressText } from './order-labels.tsx';
import { sampleOptions, useRefresh } from './order-lab-shared.ts';
import { detailKey } from './use-order-move.ts';
import { ListTable } from '@/components/list-table.tsx';

/** 样品状态: where each sample is, its courier numbers, return tracking for samples asked back, labels. */
export function SampleTrackingSection({ order }: { order: AdminOrderDetail }) {
  const { data: me } = useMe();
  const lab = holds(me, 'order.lab');
  const [returning, setReturning] = useState<OrderSample | null>(null);
  const columns: TableProps<OrderSample>['columns'] = [
    { title: '样品编号', dataIndex: 'no', width: 175 },
    { title: '样品', dataIndex: 'name', width: 130 },
    { title: '状态', key: 'state', width: 90, render: (_: unknown, s) => <SampleStateTag state={s.tracking.state} /> },
    {
      title: '快递',
      key: 'express',
      render: (_: unknown, s) => (
        <>
          {s.tracking.express_no ? <div>寄样：{`${s.tracking.express_company} ${s.tracking.express_no}`}</div> : null}
          {s.tracking.return_no ? <div>退还：{`${s.tracking.return_company} ${s.tracking.return_no}`}</div> : null}
          {s.tracking.keptUntil ? <div>留样至 {s.tracking.keptUntil.slice(0, 10)}</div> : null}
          {!s.tracking.express_no && !s.tracking.return_no && !s.tracking.keptUntil ? '—' : null}
        </>
      ),
    },
    {
      title: '操作',
      key: 'act',
      width: 150,
      render: (_: unknown, s) =>
        lab && (
          <Space>
            <Link to={`/orders/${order.id}/labels?sample=${s.id}`}>标签</Link>
            {s.returnSample && canSampleLeave('giveBack', s.tracking.state) && (
              <Button size="small" onClick={() => setReturning(s)}>
                退还
              </Button>
            )}
          </Space>
        ),
    },
  ];
  return (
    <>
      {lab && (
        <Space style={{ marginBottom: 8 }}>
          <Link to={`/orders/${order.id}/labels`}>打印全部标签</Link>
        </Space>
      )}
      <ListTable<OrderSample>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={order.samples}
        pagination={false}
        scroll={{ x: 640 }}
      />
      {returning && <ReturnModal order={order} sample={returning} onClose={() => setReturning(null)} />}
    </>
  );
}

function ReturnModal({ order, sample, onClose }: { order: AdminOrderDetail; sample: OrderSample; onClose: () => void }) {
  const refresh = useRefresh(order.id);
  const [form] = Form.useForm<{ return_company: string; return_no: string }>();
  const m = useWrite({
    mutationFn: (v: { return_company: string; return_no: string }) =>
      call('adminSampleReturn', { body: { id: sample.id, expect: sample.tracking.state, note: '', ...v } }),
    onSettled: refresh,
    onSuccess: onClose,
  });
  return (
    <Modal
      open
      title={`退还样品 ${sample.no}`}
      okText="登记退还"
      cancelText="取消"
      confirmLoading={m.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Alert
        type={order.returnAddress ? 'info' : 'warning'}
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="return-to"
        title={order.returnAddress ? `寄往：${returnAddressText(order.returnAddress)}` : '客户未留退还地址，请先联系客户确认收件地址'}
      />
      <Form form={form} layout="vertical" onFinish={(v) => m.mutate(v)}>
        <Form.Item name="return_company" label="快递公司" rules={[{ required: true, message: '[快递公司]不能为空' }]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="return_no" label="快递单号" rules={[{ required: true, message: '[快递单号]不能为空' }]}>
          <Input maxLength={40} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 检测记录: per sample; lab staff add one (instrument, conditions, operator, time, note). */
export function TestRecordsSection({ order }: { order: AdminOrderDetail }) {
  const { data: me } = useMe();
  const [adding, setAdding] = useState(false);
  const columns: TableProps<TestRecord>['columns'] = [
    { title: '样品', dataIndex: 'sampleNo', width: 175, render: (no: string, r) => `${no} ${r.sampleName}` },
    { title: '仪器', dataIndex: 'instrument', width: 150 },
    { title: '测试条件', dataIndex: 'conditions', render: (c: string) => c || '—' },
    { title: '测试人', dataIndex: 'operator', width: 90 },
    { title: '测试时间', dataIndex: 'testedAt', width: 160, render: formatTime },
    { title: '备注', dataIndex: 'note', render: (n: string) => n || '—' },
  ];
  return (
    <>
      {holds(me, 'order.lab') && (
        <Button style={{ marginBottom: 8 }} onClick={() => setAdding(true)} data-testid="add-record">
          新增检测记录
        </Button>
      )}
      <ListTable<TestRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={order.testRecords}
        pagination={false}
        scroll={{ x: 800 }}
      />
      {adding && <RecordModal order={order} onClose={() => setAdding(false)} />}
    </>
  );
}

interface RecordForm {
  sampleId: number;
  instrument: string;
  conditions?: string;
  operator: string;
  testedAt: string;
  note?: string;
}

function RecordModal({ order, onClose }: { order: AdminOrderDetail; onClose: () => void }) {
  const { data: me } = useMe();
  const { message } = App.useApp();
  const refresh = useRefresh(order.id);
  const [form] = Form.useForm<RecordForm>();
  const m = useWrite({
    mutationFn: (v: RecordForm, idempotencyKey) =>
      call('adminTestRecordAdd', {
        body: { ...v, conditions: v.conditions ?? '', note: v.note ?? '', testedAt: dayjs(v.testedAt).toISOString(), idempotencyKey },
      }),
    onSuccess: () => {
      void message.success('检测记录已保存');
      refresh();
      onClose();
    },
  });
  return (
    <Modal
      open
      title="新增检测记录"
      okText="保存"
      cancelText="取消"
      confirmLoading={m.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<RecordForm>
        form={form}
        layout="vertical"
        initialValues={{ operator: me?.name ?? '', testedAt: dayjs().format('YYYY-MM-DDTHH:mm'), sampleId: order.samples[0]?.id }}
        onFinish={(v) => m.mutate(v)}
      >
        <Form.Item name="sampleId" label="样品" rules={[{ required: true, message: '[样品]不能为空' }]}>
          <Select options={sampleOptions(order)} />
        </Form.Item>
        <Form.Item name="instrument" label="仪器" rules={[{ required: true, message: '[仪器]不能为空' }]}>
          <Input maxLength={64} placeholder="如 Bruker D8 Advance" />
        </Form.Item>
        <Form.Item name="conditions" label="测试条件">
          <Input.TextArea maxLength={500} rows={2} placeholder="如 Cu Kα，10–80°，0.02°/步" />
        </Form.Item>
        <Space wrap>
          <Form.Item name="operator" label="测试人" rules={[{ required: true, message: '[测试人]不能为空' }]}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="testedAt" label="测试时间" rules={[{ required: true, message: '[测试时间]不能为空' }]}>
            <Input type="datetime-local" />
          </Form.Item>
        </Space>
        <Form.Item name="note" label="备注">
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 金额调整: the adjustments so far and, for whoever holds order.adjust (lab, manager) while the samples are at the lab, 调整金额. */
export function AdjustSection({ order }: { order: AdminOrderDetail }) {
  const { data: me } = useMe();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ final: number; reason: string }>();
  const may = holds(me, 'order.adjust') && ['received', 'testing'].includes(order.state) && order.total_fen !== null;
  const m = useWrite({
    mutationFn: (v: { final: number; reason: string }, idempotencyKey) =>
      call('adminOrderAdjust', { body: { id: order.id, final_fen: Math.round(v.final * 100), reason: v.reason, idempotencyKey } }),
    onSuccess: (o) => {
      queries.setQueryData(detailKey(order.id), o);
      void message.success('已调整金额');
      setOpen(false);
    },
  });
  return (
    <>
      <div>
        订单金额 {order.total_fen === null ? '待报价' : formatFen(order.total_fen)}，最终金额{' '}
        <Typography.Text strong data-testid="final-amount">
          {order.final_fen === null ? '—' : formatFen(order.final_fen)}
        </Typography.Text>
      </div>
      {order.adjustments.map((a) => (
        <div key={a.id} style={{ fontSize: 12, marginTop: 4 }}>
          {a.amount_fen > 0 ? '补差价' : '退差价'} {formatFen(Math.abs(a.amount_fen))} · {a.reason} · {a.by} {formatTime(a.at)}
        </div>
      ))}
      {may && (
        <Button size="small" style={{ marginTop: 8 }} onClick={() => setOpen(true)}>
          调整金额
        </Button>
      )}
      {open && (
        <Modal
          open
          title="调整最终金额"
          okText="保存"
          cancelText="取消"
          confirmLoading={m.isPending}
          onOk={() => form.submit()}
          onCancel={() => setOpen(false)}
        >
          <Form form={form} layout="vertical" initialValues={{ final: (order.final_fen ?? 0) / 100 }} onFinish={(v) => m.mutate(v)}>
            <Form.Item name="final" label="最终金额（元）" rules={[{ required: true, message: '[最终金额]不能为空' }]}>
              <InputNumber min={0} max={10_000_000} precision={2} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="reason" label="调整原因" rules={[{ required: true, whitespace: true, message: '[调整原因]不能为空' }]}>
              <Input.TextArea rows={2} maxLength={200} placeholder="如：实际送样 3 个，补 1 个样品的费用" />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}
