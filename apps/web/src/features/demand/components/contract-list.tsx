import { CONTRACT_STATE_NAMES, type ContractSummary } from '@yance/contracts/order-contract';
import { ORDER_STATE_NAMES } from '@yance/contracts/order-states';
import { formatFen } from '@yance/browser/format';
import { Alert, Button, Card, Empty, Flex, Grid, Skeleton, Table, Tag, Typography, Upload } from 'antd';
import { downloadContract, useContracts, useUploadScan } from '../api/demands.ts';

const COLORS: Record<ContractSummary['state'], string> = { none: 'gold', uploaded: 'blue', rejected: 'red', confirmed: 'green' };

/** /experiment/contract: the enterprise's contracts — download, upload the signed scan while 待签约, see the manager's answer. */
export function ContractList() {
  const contracts = useContracts();
  const narrow = !Grid.useBreakpoint().md;
  if (!contracts.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const list = contracts.data.list;
  return (
    <div>
      <Typography.Title level={3}>实验合同</Typography.Title>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="企业订单须先签约：下载合同，盖章签字后上传扫描件（PDF或图片），客户经理确认后即可付款。"
      />
      {list.length === 0 ? (
        <Empty description="暂无合同：企业客户的订单报价完成后会在这里生成合同" />
      ) : narrow ? (
        // On a phone each contract is a card: the state and the buttons stay in view (a table would scroll them away).
        <Flex vertical gap={12}>
          {list.map((c) => (
            <Card key={c.orderId} size="small" title={c.orderNo} extra={ORDER_STATE_NAMES[c.orderState]} data-testid="contract-card">
              <Flex vertical gap={8}>
                <span>金额：{c.total_fen === null ? '待报价' : formatFen(c.total_fen)}</span>
                <ContractState c={c} />
                <ContractActions c={c} />
              </Flex>
            </Card>
          ))}
        </Flex>
      ) : (
        <Table
          rowKey="orderId"
          dataSource={list}
          pagination={false}
          scroll={{ x: 720 }}
          columns={[
            { title: '订单编号', dataIndex: 'orderNo' },
            { title: '订单状态', render: (_, c) => ORDER_STATE_NAMES[c.orderState] },
            { title: '金额', render: (_, c) => (c.total_fen === null ? '待报价' : formatFen(c.total_fen)) },
            { title: '合同状态', render: (_, c) => <ContractState c={c} /> },
            { title: '操作', render: (_, c) => <ContractActions c={c} /> },
          ]}
        />
      )}
    </div>
  );
}

/** The contract's state, the reason of a rejection and the uploaded scan's name. */
function ContractState({ c }: { c: ContractSummary }) {
  return (
    <Flex vertical gap={4}>
      <Tag color={COLORS[c.state]} style={{ width: 'fit-content' }}>
        {CONTRACT_STATE_NAMES[c.state]}
      </Tag>
      {c.state === 'rejected' && <Typography.Text type="danger">退回原因：{c.rejectReason}</Typography.Text>}
      {c.scanName && <Typography.Text type="secondary">{c.scanName}</Typography.Text>}
    </Flex>
  );
}

/** 下载合同, and while the order is 待签约 上传签署件 / 重新上传. */
function ContractActions({ c }: { c: ContractSummary }) {
  const uploadScan = useUploadScan();
  return (
    <Flex gap={8} wrap>
      <Button size="small" onClick={() => void downloadContract(c.orderId, c.orderNo)}>
        下载合同
      </Button>
      {c.orderState === 'contracting' && (
        <Upload
          accept=".pdf,image/jpeg,image/png,image/webp"
          showUploadList={false}
          beforeUpload={(file) => {
            uploadScan.mutate({ orderId: c.orderId, file });
            return false;
          }}
        >
          <Button size="small" type="primary" loading={uploadScan.isPending}>
            {c.state === 'none' ? '上传签署件' : '重新上传'}
          </Button>
        </Upload>
      )}
    </Flex>
  );
}
