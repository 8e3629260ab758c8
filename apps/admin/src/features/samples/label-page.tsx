import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useParams, useSearchParams } from 'react-router';
import { call } from '@yance/browser/api-client';
import type { AdminOrderDetail } from '@yance/contracts/order';
import { DetailState, retryUnlessMissing, type Missing } from '@/components/detail-state.tsx';
import './label-print.css';

const MISSING: Missing = {
  title: '订单不存在',
  subTitle: '该订单不存在，或不是你负责的客户的订单。',
  to: '/samples',
  back: '回到到样签收',
};

/** 样品标签 (/orders/:id/labels?sample=): one label per sample (or the one asked for) with its QR code; 打印 prints only the labels. */
export default function LabelPage() {
  const id = Number(useParams().id);
  const only = Number(useSearchParams()[0].get('sample')) || undefined;
  const valid = Number.isSafeInteger(id) && id > 0;
  const q = useQuery({
    queryKey: ['adminOrderDetail', id],
    queryFn: () => call('adminOrderDetail', { query: { id } }, { feedback: false }),
    enabled: valid,
    retry: retryUnlessMissing,
  });
  return (
    <DetailState valid={valid} q={q} missing={MISSING}>
      {(order) => <Labels order={order} only={only} />}
    </DetailState>
  );
}

function Labels({ order, only }: { order: AdminOrderDetail; only?: number }) {
  const samples = order.samples.filter((s) => only === undefined || s.id === only);
  const itemOf = new Map(order.lines.map((l) => [l.id, l.name]));
  return (
    <>
      <Space wrap className="no-print" style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          样品标签 · {order.no}
        </Typography.Title>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          打印
        </Button>
      </Space>
      <div className="label-sheet" data-testid="label-sheet">
        {samples.map((s) => (
          <div className="sample-label" key={s.id} data-testid="sample-label">
            <QRCodeSVG value={s.no} size={96} marginSize={0} title={`样品 ${s.no}`} />
            <div className="sample-label-text">
              <div className="sample-label-no">{s.no}</div>
              <div>{s.name}</div>
              <div className="sample-label-small">订单 {order.no}</div>
              <div className="sample-label-small">
                {itemOf.get(s.lineId) ?? ''} · {s.count} 个{s.returnSample ? ' · 寄回' : ''}
              </div>
            </div>
          </div>
        ))}
      </div>
    </>
  );
}
