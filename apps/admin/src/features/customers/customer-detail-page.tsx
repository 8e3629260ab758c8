import { ArrowLeftOutlined, ProfileOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '@yance/browser/api-client';
import { ATTESTATION_APPROVE_EFFECT } from '@yance/contracts/attestation-states';
import type { CustomerDetail } from '@yance/contracts/customer';
import { DetailState, retryUnlessMissing, type Missing } from '@/components/detail-state.tsx';
import { ObjectHistory } from '@/components/object-history.tsx';
import { holds, useMe } from '@/lib/me.ts';
import { AssignModal } from './assign-modal.tsx';
import { AttestationTag, DisabledTag } from './customer-labels.tsx';
import { AddressesSection, AttestationSection, LoginsSection, ManagerSection, ProfileSection } from './customer-sections.tsx';
import { CreditLimitCard } from './credit-limit-card.tsx';
import { PrestoreStatementCard } from './prestore-statement.tsx';
import { RejectModal } from './reject-modal.tsx';
import { useCustomerChange } from './use-customer-change.ts';

const MISSING: Missing = { title: '客户不存在', subTitle: '该客户不存在，或不是你负责的客户。', to: '/customers', back: '回到客户列表' };

/** 客户详情 (/customers/:id): profile, attestation and its review, manager, addresses, logins, history; the actions the role allows. */
export default function CustomerDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const q = useQuery({
    queryKey: ['customerDetail', id],
    queryFn: () => call('customerDetail', { query: { id } }, { feedback: false }),
    enabled: valid,
    retry: retryUnlessMissing,
  });
  return (
    <DetailState valid={valid} q={q} missing={MISSING}>
      {(data) => <CustomerView c={data} />}
    </DetailState>
  );
}

function CustomerView({ c }: { c: CustomerDetail }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const manage = holds(me, 'customer.manage');
  const assign = holds(me, 'customer.assign');
  const [rejecting, setRejecting] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const approve = useCustomerChange(() => call('customerReview', { body: { id: c.id, approve: true } }), '认证已通过');
  const toggle = useCustomerChange(
    () => call(c.disabled ? 'customerEnable' : 'customerDisable', { body: { id: c.id } }),
    c.disabled ? '已启用' : '已停用',
  );
  const who = c.name || c.phone;
  // Back to the list as it was (filters, page) when the console led here; to the list itself when the address was opened directly.
  const back = () => void ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/customers'));

  const confirmApprove = () =>
    modal.confirm({
      title: `通过 ${who} 的认证资料？`,
      content: ATTESTATION_APPROVE_EFFECT,
      okText: '通过',
      onOk: () => approve.mutateAsync(undefined),
    });
  const confirmToggle = () =>
    modal.confirm({
      title: c.disabled ? `启用客户 ${who}？` : `停用客户 ${who}？`,
      content: c.disabled ? '启用后，客户可以重新登录和下单。' : '停用后，该客户所有已登录的设备立即退出，且不能再登录，直到重新启用。',
      okText: c.disabled ? '启用' : '停用',
      okButtonProps: { danger: !c.disabled },
      onOk: () => toggle.mutateAsync(undefined),
    });

  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} aria-label="返回" onClick={back} />
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="customer-title">
            {c.name || c.username || c.phone}
          </Typography.Title>
          <AttestationTag state={c.attestation} />
          <DisabledTag disabled={c.disabled} />
        </Space>
        <Space wrap>
          {holds(me, 'order.read') && (
            <Link to={`/orders?customerId=${c.id}`}>
              <Button icon={<ProfileOutlined />}>客户的订单</Button>
            </Link>
          )}
          {manage && (
            <Button danger={!c.disabled} onClick={confirmToggle}>
              {c.disabled ? '启用客户' : '停用客户'}
            </Button>
          )}
        </Space>
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card title="基本资料" size="small">
            <ProfileSection c={c} />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title="认证审核" size="small">
              {c.attestation === 'pending' && (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginBottom: 12 }}
                  title="客户已提交认证资料，等待审核"
                  description={
                    manage && (
                      <Space style={{ marginTop: 8 }}>
                        <Button size="small" type="primary" onClick={confirmApprove}>
                          通过
                        </Button>
                        <Button size="small" danger onClick={() => setRejecting(true)}>
                          驳回
                        </Button>
                      </Space>
                    )
                  }
                />
              )}
              <AttestationSection c={c} />
            </Card>
            <Card
              title="客户经理"
              size="small"
              extra={
                assign && (
                  <Button type="link" size="small" onClick={() => setAssigning(true)}>
                    更换客户经理
                  </Button>
                )
              }
            >
              <ManagerSection c={c} />
            </Card>
          </Space>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="收货地址" size="small">
            <AddressesSection list={c.addresses} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="最近登录" size="small">
            <LoginsSection list={c.logins} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <CreditLimitCard c={c} canEdit={manage} />
        </Col>
        {holds(me, 'ledger.read') && (
          <Col span={24}>
            <PrestoreStatementCard userId={c.id} canOpenOrder={holds(me, 'order.read')} />
          </Col>
        )}
        <Col span={24}>
          <Card title="操作记录" size="small">
            <ObjectHistory objectType="customer" objectId={c.id} />
          </Card>
        </Col>
      </Row>
      <RejectModal customerId={c.id} open={rejecting} onClose={() => setRejecting(false)} />
      <AssignModal customer={c} open={assigning} onClose={() => setAssigning(false)} />
    </>
  );
}
