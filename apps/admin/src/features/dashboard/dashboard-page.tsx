import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { call } from '@yance/browser/api-client';
import type { Permission } from '@yance/contracts/staff';
import { LoadError } from '@/components/load-error.tsx';
import { holds, useMe } from '@/lib/me.ts';
import { dayjs } from '@/lib/time.ts';

/** Figures that open the list behind them, for those who may read it. */
const FIGURE_LINKS: Record<string, { to: string; permission: Permission }> = {
  pendingAttestations: { to: '/customers?attestation=pending', permission: 'customer.read' },
};

/** 概览: today's figures (GET /api/admin/dashboard); later issues add theirs on the server, the page shows whatever comes. */
export default function DashboardPage() {
  const { data: me } = useMe();
  const linkOf = (key: string | undefined) => {
    const link = key ? FIGURE_LINKS[key] : undefined;
    return link && holds(me, link.permission) ? link.to : undefined;
  };
  const linked = (to: string | undefined, card: ReactNode) =>
    to ? (
      <Link to={to} style={{ display: 'block', height: '100%' }}>
        {card}
      </Link>
    ) : (
      card
    );
  const q = useQuery({ queryKey: ['dashboard'], queryFn: () => call('dashboard', {}, { feedback: false }), refetchInterval: 60_000 });
  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        今日概览 <Typography.Text type="secondary">{dayjs().format('YYYY年M月D日 dddd')}</Typography.Text>
      </Typography.Title>
      {q.isError ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : (
        <Row gutter={[16, 16]}>
          {(q.data?.figures ?? [null, null, null]).map((f, i) => (
            <Col key={f?.key ?? i} xs={24} sm={12} xl={8}>
              {linked(
                linkOf(f?.key),
                <Card
                  loading={q.isPending}
                  hoverable={!!linkOf(f?.key)}
                  style={{ height: '100%' }}
                  data-testid={f ? `figure-${f.key}` : undefined}
                >
                  {f && (
                    <>
                      <Statistic title={f.label} value={f.value} />
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {f.note}
                      </Typography.Text>
                    </>
                  )}
                </Card>,
              )}
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
