import { INVOICE_HOLDER_NAMES, INVOICE_KIND_NAMES, INVOICE_STATE_NAMES, isSpecialInvoice } from '@yance/contracts/invoice-states';
import { capitalYuan } from '@yance/contracts/money';
import { formatFen } from '@yance/browser/format';
import { Button, Descriptions, Modal, Popconfirm, Skeleton, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { downloadInvoice, useApplication, useWithdraw } from '../api/invoices.ts';
import { formatTime, STATE_COLORS } from '../utils/invoice-view.ts';

/** One application: the title as applied, the orders and amounts, where it goes, finance's answer; 下载发票 and 撤回. */
export function ApplicationDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useApplication(id);
  const withdraw = useWithdraw();
  const d = detail.data;
  return (
    <Modal
      open={id !== null}
      title={d ? `开票申请 ${d.no}` : '开票申请'}
      onCancel={onClose}
      footer={
        d && (
          <>
            {d.canWithdraw && (
              <Popconfirm title="确定撤回该开票申请？" okText="撤回" cancelText="不撤回" onConfirm={() => withdraw.mutateAsync(d.id)}>
                <Button danger loading={withdraw.isPending}>
                  撤回申请
                </Button>
              </Popconfirm>
            )}
            {d.hasPdf && (
              <Button type="primary" onClick={() => void downloadInvoice(d.id, d.invoiceNo)}>
                下载发票
              </Button>
            )}
            <Button onClick={onClose}>关闭</Button>
          </>
        )
      }
      destroyOnHidden
      centered
      width={640}
    >
      {!d ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered styles={{ label: { width: 112 } }}>
            <Descriptions.Item label="状态">
              <Tag color={STATE_COLORS[d.state]}>{INVOICE_STATE_NAMES[d.state]}</Tag>
              {!!d.rejectReason && <span style={{ color: '#d4380d' }}>{d.rejectReason}</span>}
            </Descriptions.Item>
            {!!d.invoiceNo && (
              <Descriptions.Item label="发票号码">
                {d.invoiceNo}（{d.invoiceDate}）
              </Descriptions.Item>
            )}
            <Descriptions.Item label="发票类型">{INVOICE_KIND_NAMES[d.kind]}</Descriptions.Item>
            <Descriptions.Item label="抬头">
              {d.title.name}（{INVOICE_HOLDER_NAMES[d.title.holder]}）
            </Descriptions.Item>
            {!!d.title.tax_id && <Descriptions.Item label="税号">{d.title.tax_id}</Descriptions.Item>}
            {isSpecialInvoice(d.title.kind) && (
              <>
                <Descriptions.Item label="注册地址电话">
                  {d.title.register_address} {d.title.register_phone}
                </Descriptions.Item>
                <Descriptions.Item label="开户行及账号">
                  {d.title.bank} {d.title.bank_account}
                </Descriptions.Item>
              </>
            )}
            <Descriptions.Item label={d.email ? '收票邮箱' : '收票地址'}>{d.email || d.mailTo}</Descriptions.Item>
            <Descriptions.Item label="开票金额">
              {formatFen(d.amount_fen)}（{capitalYuan(d.amount_fen)}）
            </Descriptions.Item>
            {!!d.remark && <Descriptions.Item label="备注">{d.remark}</Descriptions.Item>}
            <Descriptions.Item label="申请时间">{formatTime(d.createdAt)}</Descriptions.Item>
          </Descriptions>
          <Table
            style={{ marginTop: 16 }}
            size="small"
            rowKey={(l) => `${l.source}:${l.sourceId}`}
            pagination={false}
            dataSource={d.lines}
            columns={[
              {
                title: '订单 / 充值单',
                dataIndex: 'label',
                render: (no: string, l) =>
                  l.source === 'topup' ? <Link to={paths.prestore()}>预存充值 {no}</Link> : <Link to={paths.order(l.sourceId)}>{no}</Link>,
              },
              { title: '开票金额', dataIndex: 'amount_fen', align: 'right', render: (f: number) => formatFen(f) },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
