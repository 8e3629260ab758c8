import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { call } from '@yance/browser/api-client';
import { LoadError } from '@/components/load-error.tsx';
import { dayjs } from '@/lib/time.ts';

/** 概览: today's figures (GET /api/admin/dashboard); later issues add theirs on the server, the page shows whatever comes. */
export default function DashboardPage() {
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
              <Card loading={q.isPending} style={{ height: '100%' }} data-testid={f ? `figure-${f.key}` : undefined}>
                {f && (
                  <>
                    <Statistic title={f.label} value={f.value} />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {f.note}
                    </Typography.Text>
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
