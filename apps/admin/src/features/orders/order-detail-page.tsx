import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '@yance/browser/api-client';
import type { AdminOrderDetail } from '@yance/contracts/order';
import { DELIVERY_METHOD_NAMES, ORDER_TRANSITIONS, type DeliveryMethod } from '@yance/contracts/order-states';
import { HistoryButton } from '@/components/history-button.tsx';
import { DetailState, retryUnlessMissing, type Missing } from '@/components/detail-state.tsx';
import { holds, useMe } from '@/lib/me.ts';
import { formatTime } from '@/lib/time.ts';
import { Amount, figureItems, ORDER_KIND_NAMES, OrderStateTag, returnAddressText } from './order-labels.tsx';
import { AdjustSection, SampleTrackingSection, TestRecordsSection } from './order-lab.tsx';
import { ResultFilesSection } from './order-result-files.tsx';
import { ContractPanel } from './contract-panel.tsx';
import { OrderMoveModal } from './order-move-modal.tsx';
import { LinesSection, RemarkSection, SamplesSection, TimelineSection } from './order-sections.tsx';
import { detailKey, isStaffAction, type StaffAction } from './use-order-move.ts';

const MISSING: Missing = { title: '订单不存在', subTitle: '该订单不存在，或不是你负责的客户的订单。', to: '/orders', back: '回到订单列表' };

/** 订单详情 (/orders/:id): customer, lines, samples, remark, timeline, history, and one button per action the server allows this staff member. */
export default function OrderDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const q = useQuery({
    queryKey: detailKey(id),
    queryFn: () => call('adminOrderDetail', { query: { id } }, { feedback: false }),
    enabled: valid,
    retry: retryUnlessMissing,
  });
  return (
    <DetailState valid={valid} q={q} missing={MISSING}>
      {(data) => <OrderView order={data} />}
    </DetailState>
  );
}

/** The customer: a link to their page for staff who may open it. */
function CustomerCard({ order }: { order: AdminOrderDetail }) {
  const { data: me } = useMe();
  const name = order.customerName || order.customerPhone;
  return (
    <Card title="客户" size="small">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="姓名">
          {holds(me, 'customer.read') ? <Link to={`/customers/${order.customerId}`}>{name}</Link> : name}
        </Descriptions.Item>
        <Descriptions.Item label="手机号">{order.customerPhone}</Descriptions.Item>
        <Descriptions.Item label="单位">{order.company || '—'}</Descriptions.Item>
        <Descriptions.Item label="客户经理">{order.managerName || '未分配'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function OrderView({ order }: { order: AdminOrderDetail }) {
  const navigate = useNavigate();
  const [acting, setActing] = useState<StaffAction | null>(null);
  const actions = order.actions.filter(isStaffAction);
  // Back to the list as it was when the console led here; to the list itself when the address was opened directly.
  const back = () => void ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/orders'));

  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap data-testid="order-head">
          <Button icon={<ArrowLeftOutlined />} aria-label="返回" onClick={back} />
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="order-title">
            {order.no}
          </Typography.Title>
          <OrderStateTag state={order.state} />
          <HistoryButton objectType="order" objectId={order.id} title={order.no} />
        </Space>
        {actions.length > 0 && (
          <Space wrap data-testid="order-actions">
            {actions.map((a, i) => (
              <Button key={a} type={i === 0 && a !== 'cancel' ? 'primary' : 'default'} danger={a === 'cancel'} onClick={() => setActing(a)}>
                {ORDER_TRANSITIONS[a].label}
              </Button>
            ))}
          </Space>
        )}
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card
              title="检测项目"
              size="small"
              extra={
                <span>
                  合计{' '}
                  <Typography.Text strong data-testid="order-total">
                    <Amount fen={order.figures.totalFen} />
                  </Typography.Text>
                </span>
              }
            >
              <LinesSection order={order} />
            </Card>
            {/* An order with nothing to send (数据分析 only, ADR 0070) has no samples to list or track. */}
            {order.delivery === null && order.samples.length === 0 ? null : (
              <>
                <Card title={`样品（${order.sampleCount}）`} size="small">
                  <SamplesSection order={order} />
                </Card>
                <Card title="样品状态" size="small">
                  <SampleTrackingSection order={order} />
                </Card>
              </>
            )}
            <Card title="检测记录" size="small">
              <TestRecordsSection order={order} />
            </Card>
            <Card title="结果文件" size="small">
              <ResultFilesSection order={order} />
            </Card>
            <Card title="备注与附件" size="small">
              <RemarkSection order={order} />
            </Card>
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <CustomerCard order={order} />
            <Card title="订单信息" size="small">
              <Descriptions size="small" column={1}>
                <Descriptions.Item label="结算方式">{ORDER_KIND_NAMES[order.kind]}</Descriptions.Item>
                <Descriptions.Item label="送样方式">
                  {order.delivery === null ? '无需送样（数据分析）' : (DELIVERY_METHOD_NAMES[order.delivery as DeliveryMethod] ?? '—')}
                </Descriptions.Item>
                {order.kind === 'institution' && (
                  <Descriptions.Item label="服务协议">
                    <span data-testid="order-agreement">
                      {order.agreement
                        ? `已同意《${order.agreement.title}》第${order.agreement.version}版 · ${formatTime(order.agreement.acceptedAt)}`
                        : '—'}
                    </span>
                  </Descriptions.Item>
                )}
                {order.returnAddress && (
                  <Descriptions.Item label="退还地址">
                    <span data-testid="order-return-address">{returnAddressText(order.returnAddress)}</span>
                  </Descriptions.Item>
                )}
                {figureItems(order.figures)}
                <Descriptions.Item label="下单时间">{formatTime(order.createdAt)}</Descriptions.Item>
              </Descriptions>
            </Card>
            <Card title="金额调整" size="small">
              <AdjustSection order={order} />
            </Card>
            {(order.retest.requestedAt || order.retest.until) && (
              <Card title="免费复测" size="small">
                {order.retest.requestedAt ? (
                  <Typography.Text type="warning" data-testid="retest">
                    客户于 {formatTime(order.retest.requestedAt)} 申请复测：{order.retest.reason}
                  </Typography.Text>
                ) : (
                  <Typography.Text type="secondary">客户可在 {formatTime(order.retest.until!)} 前申请免费复测</Typography.Text>
                )}
              </Card>
            )}
            {order.kind === 'enterprise' && order.state === 'contracting' && (
              <Card title="合同" size="small">
                <ContractPanel order={order} />
              </Card>
            )}
            <Card title="订单进度" size="small">
              <TimelineSection order={order} />
            </Card>
          </Space>
        </Col>
      </Row>
      {acting && <OrderMoveModal order={order} action={acting} onClose={() => setActing(null)} />}
    </>
  );
}
