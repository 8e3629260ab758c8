import { ArrowLeftOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useWrite } from '@yance/browser/use-write';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Input, Modal, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '@yance/browser/api-client';
import { download, saveFile } from '@yance/browser/api-files';
import { formatFen } from '@yance/browser/format';
import { adminInvoiceIssueBody, adminInvoiceRejectBody, type AdminInvoiceDetail } from '@yance/contracts/invoice';
import { canLeaveInvoice, INVOICE_HOLDER_NAMES, INVOICE_KIND_NAMES, isSpecialInvoice } from '@yance/contracts/invoice-states';
import { capitalYuan } from '@yance/contracts/money';
import { DetailState, retryUnlessMissing, type Missing } from '@/components/detail-state.tsx';
import { HistoryButton } from '@/components/history-button.tsx';
import { formatTime } from '@/lib/time.ts';
import { invoiceKey, InvoiceStateTag } from './invoice-labels.tsx';
import { ListTable } from '@/components/list-table.tsx';

const MISSING: Missing = { title: '开票申请不存在', subTitle: '该开票申请不存在。', to: '/invoices', back: '回到发票列表' };

/** 开票申请 (/invoices/:id): the title as applied, the orders, where it goes; 开票 and 驳回 while 申请中. */
export default function InvoiceDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const q = useQuery({
    queryKey: invoiceKey(id),
    queryFn: () => call('adminInvoiceDetail', { query: { id } }, { feedback: false }),
    enabled: valid,
    retry: retryUnlessMissing,
  });
  return (
    <DetailState valid={valid} q={q} missing={MISSING}>
      {(data) => <InvoiceView invoice={data} />}
    </DetailState>
  );
}

type Dialog = 'issue' | 'reject' | null;

function InvoiceView({ invoice: a }: { invoice: AdminInvoiceDetail }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const back = () => void ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/invoices'));
  const open = canLeaveInvoice('issue', a.state);
  const special = isSpecialInvoice(a.title.kind);
  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} aria-label="返回" onClick={back} />
          <Typography.Title level={4} style={{ margin: 0 }}>
            开票申请 {a.no}
          </Typography.Title>
          <InvoiceStateTag state={a.state} />
          <HistoryButton objectType="invoice" objectId={a.id} title={a.no} />
        </Space>
        <Space wrap>
          {a.hasPdf && (
            <Button
              icon={<FilePdfOutlined />}
              onClick={() => void download('adminInvoicePdf', { id: a.id }, `发票-${a.invoiceNo}.pdf`).then(saveFile, () => {})}
            >
              下载发票
            </Button>
          )}
          {open && (
            <>
              <Button danger onClick={() => setDialog('reject')}>
                驳回
              </Button>
              <Button type="primary" onClick={() => setDialog('issue')}>
                开票
              </Button>
            </>
          )}
        </Space>
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title="购买方（抬头）" size="small">
              <Descriptions column={1} size="small" styles={{ label: { width: 120 } }}>
                <Descriptions.Item label="发票类型">{INVOICE_KIND_NAMES[a.kind]}</Descriptions.Item>
                <Descriptions.Item label="名称">
                  <Typography.Text copyable>{a.title.name}</Typography.Text>（{INVOICE_HOLDER_NAMES[a.title.holder]}）
                </Descriptions.Item>
                <Descriptions.Item label="纳税人识别号">
                  {a.title.tax_id ? <Typography.Text copyable>{a.title.tax_id}</Typography.Text> : '—'}
                </Descriptions.Item>
                {special && (
                  <>
                    <Descriptions.Item label="地址、电话">
                      {a.title.register_address} {a.title.register_phone}
                    </Descriptions.Item>
                    <Descriptions.Item label="开户行及账号">
                      {a.title.bank} <Typography.Text copyable>{a.title.bank_account}</Typography.Text>
                    </Descriptions.Item>
                  </>
                )}
              </Descriptions>
            </Card>
            <Card
              title="开票明细"
              size="small"
              extra={
                <span>
                  合计 <Typography.Text strong>{formatFen(a.amount_fen)}</Typography.Text>
                </span>
              }
            >
              <ListTable
                rowKey={(l) => `${l.source}:${l.sourceId}`}
                size="small"
                pagination={false}
                dataSource={a.lines}
                columns={[
                  {
                    title: '订单 / 充值单',
                    dataIndex: 'label',
                    render: (no: string, l) => (l.source === 'topup' ? `预存充值 ${no}` : <Link to={`/orders/${l.sourceId}`}>{no}</Link>),
                  },
                  { title: '开票金额', dataIndex: 'amount_fen', align: 'right', render: (f: number) => formatFen(f) },
                ]}
              />
              <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
                大写：{capitalYuan(a.amount_fen)}
              </Typography.Paragraph>
            </Card>
          </Space>
        </Col>
        <Col xs={24} xl={9}>
          <Card title="申请信息" size="small">
            <Descriptions column={1} size="small" styles={{ label: { width: 90 } }}>
              <Descriptions.Item label="客户">
                <Link to={`/customers/${a.customerId}`}>{a.customerName || a.customerPhone}</Link>
                {a.customerName && <Typography.Text type="secondary"> {a.customerPhone}</Typography.Text>}
              </Descriptions.Item>
              {!!a.company && <Descriptions.Item label="单位">{a.company}</Descriptions.Item>}
              <Descriptions.Item label={a.email ? '收票邮箱' : '收票地址'}>
                <Typography.Text copyable>{a.email || a.mailTo}</Typography.Text>
              </Descriptions.Item>
              {!!a.remark && <Descriptions.Item label="备注">{a.remark}</Descriptions.Item>}
              <Descriptions.Item label="申请时间">{formatTime(a.createdAt)}</Descriptions.Item>
              {!!a.invoiceNo && <Descriptions.Item label="发票号码">{a.invoiceNo}</Descriptions.Item>}
              {!!a.invoiceDate && <Descriptions.Item label="开票日期">{a.invoiceDate}</Descriptions.Item>}
              {!!a.rejectReason && (
                <Descriptions.Item label={a.state === 'reversed' ? '红冲原因' : '驳回原因'}>
                  <Typography.Text type="danger">{a.rejectReason}</Typography.Text>
                </Descriptions.Item>
              )}
              {!!a.decidedAt && (
                <Descriptions.Item label="处理">
                  {a.decidedBy} {formatTime(a.decidedAt)}
                </Descriptions.Item>
              )}
            </Descriptions>
          </Card>
        </Col>
      </Row>
      <DecisionDialog invoice={a} dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}

/** 开票 (the number from the tax system; the server makes the PDF) or 驳回 (a reason the customer reads). */
function DecisionDialog({ invoice: a, dialog, onClose }: { invoice: AdminInvoiceDetail; dialog: Dialog; onClose: () => void }) {
  const { message } = App.useApp();
  const queries = useQueryClient();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string>();
  const close = () => {
    setValue('');
    setProblem(undefined);
    onClose();
  };
  const decide = useWrite({
    mutationFn: async (_: void, idempotencyKey) => {
      if (dialog === 'issue') {
        const body = adminInvoiceIssueBody.safeParse({ id: a.id, invoiceNo: value });
        if (!body.success) throw new Error(body.error.issues[0]?.message);
        return call('adminInvoiceIssue', { body: { ...body.data, idempotencyKey } }, { feedback: false });
      }
      const body = adminInvoiceRejectBody.safeParse({ id: a.id, reason: value });
      if (!body.success) throw new Error(body.error.issues[0]?.message);
      return call('adminInvoiceReject', { body: body.data }, { feedback: false });
    },
    onSuccess: (d) => {
      void message.success(dialog === 'issue' ? '已开票' : '已驳回');
      queries.setQueryData(invoiceKey(a.id), d);
      void queries.invalidateQueries({ queryKey: ['adminInvoiceList'] });
      close();
    },
    onError: (err) => setProblem(err.message),
  });
  const issuing = dialog === 'issue';
  return (
    <Modal
      open={dialog !== null}
      title={issuing ? `开票 · ${formatFen(a.amount_fen)}` : '驳回开票申请'}
      okText={issuing ? '确认开票' : '驳回'}
      okButtonProps={{ loading: decide.isPending, danger: !issuing }}
      cancelText="取消"
      onOk={() => decide.mutate()}
      onCancel={close}
      destroyOnHidden
    >
      {issuing ? (
        <>
          <Typography.Paragraph type="secondary">
            在税务系统开具后填写发票号码；系统生成发票 PDF（销售方为 设置 › 联系方式 的公司名称），客户可在开票记录中下载。
          </Typography.Paragraph>
          <Input
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setProblem(undefined);
            }}
            maxLength={32}
            inputMode="numeric"
            placeholder="8 到 20 位数字"
            aria-label="发票号码"
            status={problem ? 'error' : undefined}
            onPressEnter={() => decide.mutate()}
          />
        </>
      ) : (
        <Input.TextArea
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setProblem(undefined);
          }}
          maxLength={200}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder="驳回原因，客户会在站内信和开票记录中看到"
          aria-label="驳回原因"
          status={problem ? 'error' : undefined}
        />
      )}
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Modal>
  );
}
