import { CheckCircleFilled, CloseCircleFilled, DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { Alert, Button, Card, List, Space, Spin, Table, Tag, Typography, type TableProps } from 'antd';
import { call } from '@yance/browser/api-client';
import { download, saveFile } from '@yance/browser/api-files';
import { formatFen } from '@yance/browser/format';
import { LEDGER_ACCOUNT_NAMES } from '@yance/contracts/ledger';
import type { Reconciliation } from '@yance/contracts/prestore';
import { LoadError } from '@/components/load-error.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { formatTime } from '@/lib/time.ts';
import { checksOf, type Check } from './reconcile-checks.ts';
import { ListTable } from '@/components/list-table.tsx';

type KindRow = Reconciliation['byKind'][number];

const kindColumns: TableProps<KindRow>['columns'] = [
  { title: '科目', dataIndex: 'kind', render: (k: KindRow['kind']) => LEDGER_ACCOUNT_NAMES[k] },
  { title: '账户数', dataIndex: 'accounts', width: 90, align: 'right' },
  { title: '余额合计', dataIndex: 'sumFen', width: 150, align: 'right', render: (fen: number) => formatFen(fen) },
];

const PASS = '#52c41a';
const FAIL = '#ff4d4f';

function CheckRow({ check }: { check: Check }) {
  return (
    <List.Item data-testid={`check-${check.key}`} extra={check.ok ? <Tag color="success">通过</Tag> : <Tag color="error">不通过</Tag>}>
      <List.Item.Meta
        avatar={
          check.ok ? (
            <CheckCircleFilled style={{ color: PASS, fontSize: 18 }} aria-label="通过" />
          ) : (
            <CloseCircleFilled style={{ color: FAIL, fontSize: 18 }} aria-label="不通过" />
          )
        }
        title={check.label}
        description={
          <>
            <Typography.Text type={check.ok ? 'secondary' : 'danger'}>{check.value}</Typography.Text>
            {check.problems.slice(0, 20).map((p) => (
              <div key={p}>
                <Typography.Text type="danger" style={{ fontSize: 12 }}>
                  {p}
                </Typography.Text>
              </div>
            ))}
            {check.problems.length > 20 && (
              <Typography.Text type="danger" style={{ fontSize: 12 }}>
                …共 {check.problems.length} 项，详见导出的对账单
              </Typography.Text>
            )}
          </>
        }
      />
    </List.Item>
  );
}

function Summary({ r }: { r: Reconciliation }) {
  const failed = checksOf(r).filter((c) => !c.ok).length;
  return (
    <Alert
      type={r.ok ? 'success' : 'error'}
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="reconcile-summary"
      title={r.ok ? '对账通过：总账平衡，余额、在线支付、应收账款与应付退款均一致' : `对账未通过：${failed} 项检查不一致，请核查`}
      description={`对账时间 ${formatTime(r.checkedAt)}`}
    />
  );
}

/**
 * 对账 (/money/reconcile): the ledger checked whole on every visit (and on
 * 重新对账), each check green or red with what is wrong, the balance of every
 * kind of account, and the same as an .xlsx.
 */
export default function ReconcilePage() {
  const r = useQuery({
    queryKey: ['adminLedgerReconcile'],
    queryFn: () => call('adminLedgerReconcile', {}, { feedback: false }),
    // A check runs when asked, not whenever the window regains focus.
    refetchOnWindowFocus: false,
  });
  const exporting = useWrite({
    mutationFn: () => download('adminLedgerExport', undefined, '对账单.xlsx').then(saveFile),
  });
  return (
    <>
      <PageTitle title="对账">
        <Space wrap>
          <Button icon={<ReloadOutlined />} loading={r.isFetching} onClick={() => void r.refetch()}>
            重新对账
          </Button>
          <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
            导出 .xlsx
          </Button>
        </Space>
      </PageTitle>
      {r.isError ? (
        <LoadError error={r.error} retry={() => void r.refetch()} />
      ) : r.isPending ? (
        <Spin style={{ display: 'block', margin: '80px auto' }} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Summary r={r.data} />
          <Card title="检查项" size="small">
            <List dataSource={checksOf(r.data)} rowKey="key" renderItem={(c) => <CheckRow check={c} />} />
          </Card>
          <Card title="科目余额" size="small">
            <ListTable<KindRow>
              rowKey="kind"
              size="small"
              columns={kindColumns}
              dataSource={r.data.byKind}
              pagination={false}
              locale={{ emptyText: '还没有记账' }}
              summary={(rows) => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    {rows.reduce((n, k) => n + k.accounts, 0)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    <Typography.Text strong type={r.data.sumFen === 0 ? 'success' : 'danger'}>
                      {formatFen(rows.reduce((n, k) => n + k.sumFen, 0))}
                    </Typography.Text>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
            />
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
              贷方记正：客户余额与检测收入为正数，银行存款、在线支付清算、应收账款与各项支出为负数；全部科目合计应为 ¥0.00。
            </Typography.Paragraph>
          </Card>
        </Space>
      )}
    </>
  );
}
