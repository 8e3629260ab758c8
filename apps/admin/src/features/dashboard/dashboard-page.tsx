import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { call } from '@yance/browser/api-client';
import { ORDER_WAITING_STATES, orderWaitingKey } from '@yance/contracts/dashboard';
import type { Permission } from '@yance/contracts/staff';
import { LoadError } from '@/components/load-error.tsx';
import { holds, useMe } from '@/lib/me.ts';
import { dayjs } from '@/lib/time.ts';
import { CallTasks } from './call-tasks.tsx';

/** Figures with a page of their own: the card opens it, filtered, for staff who may open it. */
const LINKS: Record<string, { to: string; permission: Permission; text: string }> = {
  pendingAttestations: { to: '/customers?attestation=pending', permission: 'customer.read', text: '查看待审核的客户' },
  newDemands: { to: '/demands?state=open', permission: 'order.quote', text: '去报价' },
  failedJobs: { to: '/jobs?state=failed', permission: 'job.manage', text: '查看失败的任务' },
  smsSent: { to: '/sms', permission: 'sms.read', text: '查看短信记录' },
  transfersWaiting: { to: '/money/topups?state=pending&method=transfer', permission: 'ledger.read', text: '去审核转账' },
  refundsWaiting: { to: '/money/refunds?state=pending', permission: 'ledger.read', text: '去审核退款' },
  invoicesWaiting: { to: '/invoices?state=applied', permission: 'invoice.manage', text: '去处理开票' },
  withdrawalsWaiting: { to: '/money/withdrawals?state=applied', permission: 'withdraw.manage', text: '去审核提现' },
  promotersWaiting: { to: '/promoters?state=applied', permission: 'promoter.manage', text: '去审核申请' },
  inviteRewardsWithheld: { to: '/invites?state=withheld', permission: 'invite.manage', text: '去审核奖励' },
  ...Object.fromEntries(
    ORDER_WAITING_STATES.map((state) => [
      orderWaitingKey(state),
      { to: `/orders?state=${state}`, permission: 'order.read', text: '查看这些订单' },
    ]),
  ),
};

/** 概览: today's figures (GET /api/admin/dashboard); later issues add theirs on the server, the page shows whatever comes. */
export default function DashboardPage() {
  const { data: me } = useMe();
  const q = useQuery({ queryKey: ['dashboard'], queryFn: () => call('dashboard', {}, { feedback: false }), refetchInterval: 60_000 });
  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        今日概览 <Typography.Text type="secondary">{dayjs().format('YYYY年M月D日 dddd')}</Typography.Text>
      </Typography.Title>
      {/* The calls have a 2-hour limit: first, above the day's figures (on a phone they would be eleven cards down). */}
      {holds(me, 'order.call') && <CallTasks />}
      {q.isError ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : (
        <Row gutter={[16, 16]}>
          {(q.data?.figures ?? [null, null, null]).map((f, i) => (
            <Col key={f?.key ?? i} xs={24} sm={12} xl={8}>
              <Card loading={q.isPending} style={{ height: '100%' }} data-testid={f ? `figure-${f.key}` : undefined}>
                {f && (
                  <>
                    <Statistic title={f.label} value={f.value} />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {f.note}
                    </Typography.Text>
                    {LINKS[f.key] && holds(me, LINKS[f.key]!.permission) && (
                      <div style={{ marginTop: 8 }}>
                        <Link to={LINKS[f.key]!.to}>{LINKS[f.key]!.text}</Link>
                      </div>
                    )}
                  </>
                )}
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
