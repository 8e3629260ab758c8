import { invoiceApplyAddBody, type InvoiceableOrder, type InvoiceTitle } from '@yance/contracts/invoice';
import { INVOICE_KIND_NAMES, isElectronicInvoice } from '@yance/contracts/invoice-states';
import { ORDER_STATE_NAMES } from '@yance/contracts/order-states';
import type { Address } from '@yance/contracts/user';
import { formatFen } from '@yance/browser/format';
import { Alert, Checkbox, Empty, Form, Input, InputNumber, Modal, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useApply, useInvoiceableOrders, useInvoiceTitles } from '../api/invoices.ts';
import { addressText } from './title-dialog.tsx';
import styles from './invoice.module.css';

/** Yuan as typed (two decimals at most) → fen, exactly. */
const fenOf = (yuan: number | null | undefined) => (typeof yuan === 'number' && Number.isFinite(yuan) ? Math.round(yuan * 100) : 0);

interface ApplyDialogProps {
  open: boolean;
  addresses: readonly Address[];
  onClose: () => void;
  onApplied: (id: number) => void;
}

/**
 * 申请开票: a title (the default first), one or more paid orders, each for
 * what is left or less, and where the invoice goes (the title's e-mail or
 * address unless changed). The server checks the amounts again under the
 * orders' locks.
 */
export function ApplyDialog({ open, addresses, onClose, onApplied }: ApplyDialogProps) {
  const titles = useInvoiceTitles();
  const orders = useInvoiceableOrders(open);
  const apply = useApply();
  const [titleId, setTitleId] = useState<number | null>(null);
  /** Chosen orders and the yuan typed for each. */
  const [chosen, setChosen] = useState<Map<number, number | null>>(new Map());
  const [email, setEmail] = useState<string | null>(null);
  const [addressRid, setAddressRid] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<string>();

  const list = titles.data?.list ?? [];
  const title: InvoiceTitle | undefined = list.find((t) => t.id === titleId) ?? list.find((t) => t.default) ?? list[0];
  const electronic = title ? isElectronicInvoice(title.kind) : true;
  const mail = email ?? title?.email ?? '';
  const rid = addressRid ?? title?.address_rid ?? '';
  const orderList = orders.data?.list ?? [];
  const total = [...chosen.values()].reduce<number>((s, y) => s + fenOf(y), 0);

  const toggle = (o: InvoiceableOrder, on: boolean) => {
    const next = new Map(chosen);
    if (on) next.set(o.orderId, o.invoiceable_fen / 100);
    else next.delete(o.orderId);
    setChosen(next);
    setProblem(undefined);
  };

  const submit = () => {
    if (!title) return setProblem('请先新增发票抬头');
    for (const o of orderList) {
      const y = chosen.get(o.orderId);
      if (y !== undefined && fenOf(y) > o.invoiceable_fen) return setProblem(`订单${o.orderNo}最多可开${formatFen(o.invoiceable_fen)}`);
    }
    const body = invoiceApplyAddBody.safeParse({
      titleId: title.id,
      lines: [...chosen.entries()].map(([sourceId, y]) => ({ source: 'order', sourceId, amount_fen: fenOf(y) })),
      email: electronic ? mail : '',
      address_rid: electronic ? '' : rid,
      remark,
    });
    if (!body.success) return setProblem(body.error.issues[0]?.message);
    apply.mutate(body.data, { onSuccess: (d) => onApplied(d.id) });
  };

  return (
    <Modal
      open={open}
      title="申请开票"
      okText="提交申请"
      cancelText="取消"
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ loading: apply.isPending, disabled: !title || orderList.length === 0 }}
      destroyOnHidden
      centered
      width={640}
    >
      {!titles.data || !orders.data ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : list.length === 0 ? (
        <Empty description="还没有发票抬头">
          <Link className="btn-primary" to={paths.member('invoiceMg')}>
            去新增发票抬头
          </Link>
        </Empty>
      ) : (
        <Form layout="vertical" aria-label="申请开票">
          <Form.Item label="发票抬头" required>
            <Select
              aria-label="发票抬头"
              value={title?.id}
              onChange={(id: number) => {
                setTitleId(id);
                setEmail(null);
                setAddressRid(null);
              }}
              options={list.map((t) => ({ value: t.id, label: `${t.name}（${INVOICE_KIND_NAMES[t.kind]}）${t.default ? ' · 默认' : ''}` }))}
            />
          </Form.Item>
          <Form.Item label="开票订单" required>
            {orderList.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可开票的订单：企业订单付款后、机构订单结算完成后可申请开票" />
            ) : (
              <div className={styles.orders} role="group" aria-label="可开票订单">
                {orderList.map((o) => {
                  const on = chosen.has(o.orderId);
                  return (
                    <div
                      key={o.orderId}
                      className={on ? `${styles.order} ${styles.orderChecked}` : styles.order}
                      data-testid="invoiceable-order"
                    >
                      <Checkbox checked={on} onChange={(e) => toggle(o, e.target.checked)} aria-label={`选择订单${o.orderNo}`} />
                      <div className={styles.orderInfo}>
                        <strong>{o.orderNo}</strong>
                        <span>
                          {ORDER_STATE_NAMES[o.state]} · 订单金额 {formatFen(o.final_fen)}
                          {o.applied_fen > 0 && ` · 已申请 ${formatFen(o.applied_fen)}`}
                        </span>
                      </div>
                      {on ? (
                        <InputNumber
                          aria-label={`订单${o.orderNo}开票金额`}
                          value={chosen.get(o.orderId)}
                          min={0.01}
                          max={o.invoiceable_fen / 100}
                          precision={2}
                          step={1}
                          prefix="¥"
                          style={{ width: 140 }}
                          onChange={(v) => setChosen(new Map(chosen).set(o.orderId, v))}
                        />
                      ) : (
                        <span className={styles.orderInfo}>可开 {formatFen(o.invoiceable_fen)}</span>
                      )}
                    </div>
                  );
                })}
              </div>
            )}
          </Form.Item>
          {electronic ? (
            <Form.Item label="收票邮箱" required extra="电子发票开具后发送至此邮箱">
              <Input value={mail} maxLength={64} type="email" aria-label="收票邮箱" onChange={(e) => setEmail(e.target.value)} />
            </Form.Item>
          ) : (
            <Form.Item label="收票地址" required>
              <Select
                aria-label="收票地址"
                placeholder="从地址簿选择"
                value={rid || undefined}
                onChange={(v: string) => setAddressRid(v)}
                options={addresses.map((a) => ({ value: a.address_rid, label: addressText(a) }))}
              />
            </Form.Item>
          )}
          <Form.Item label="备注" style={{ marginBottom: 0 }}>
            <Input.TextArea
              value={remark}
              maxLength={200}
              rows={2}
              placeholder="选填，例如发票备注栏需写明的内容"
              onChange={(e) => setRemark(e.target.value)}
            />
          </Form.Item>
          <p className={styles.total}>
            合计开票金额 <strong data-testid="apply-total">{formatFen(total)}</strong>
          </p>
          {problem && <Alert type="error" showIcon title={problem} role="alert" />}
        </Form>
      )}
    </Modal>
  );
}
