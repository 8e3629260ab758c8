import { invoiceApplyAddBody, type InvoiceTitle } from '@yance/contracts/invoice';
import type { InvoiceSource } from '@yance/contracts/invoice-states';
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

/** One thing the customer may invoice: a paid order or a credited top-up (预存开票). */
interface Source {
  key: string;
  source: InvoiceSource;
  id: number;
  no: string;
  /** 订单 or 充值单, as the labels say it. */
  noun: string;
  info: string;
  invoiceable_fen: number;
  /** Draws on the prestore pool (a top-up, or an order paid from the balance). */
  prestore: boolean;
}

interface ApplyDialogProps {
  open: boolean;
  addresses: readonly Address[];
  onClose: () => void;
  onApplied: (id: number) => void;
}

/**
 * 申请开票: a title (the default first), one or more paid orders or credited
 * top-ups, each for what is left or less, and where the invoice goes (the
 * title's e-mail or address unless changed). The server checks the amounts
 * again under the orders' and top-ups' locks, and the prestore money against
 * what was paid in.
 */
export function ApplyDialog({ open, addresses, onClose, onApplied }: ApplyDialogProps) {
  const titles = useInvoiceTitles();
  const orders = useInvoiceableOrders(open);
  const apply = useApply();
  const [titleId, setTitleId] = useState<number | null>(null);
  /** Chosen sources (by key) and the yuan typed for each. */
  const [chosen, setChosen] = useState<Map<string, number | null>>(new Map());
  const [email, setEmail] = useState<string | null>(null);
  const [addressRid, setAddressRid] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<string>();

  const list = titles.data?.list ?? [];
  const title: InvoiceTitle | undefined = list.find((t) => t.id === titleId) ?? list.find((t) => t.default) ?? list[0];
  const electronic = title ? isElectronicInvoice(title.kind) : true;
  const mail = email ?? title?.email ?? '';
  const rid = addressRid ?? title?.address_rid ?? '';
  const sources: Source[] = [
    ...(orders.data?.list ?? []).map((o) => ({
      key: `order:${o.orderId}`,
      source: 'order' as const,
      id: o.orderId,
      no: o.orderNo,
      noun: '订单',
      info: `${ORDER_STATE_NAMES[o.state]} · 实付金额 ${formatFen(o.final_fen)}${o.fromPrestore ? ' · 预存支付' : ''}${o.applied_fen > 0 ? ` · 已申请 ${formatFen(o.applied_fen)}` : ''}`,
      invoiceable_fen: o.invoiceable_fen,
      prestore: o.fromPrestore,
    })),
    ...(orders.data?.topups ?? []).map((x) => ({
      key: `topup:${x.topupId}`,
      source: 'topup' as const,
      id: x.topupId,
      no: x.topupNo,
      noun: '充值单',
      info: `预存充值 · 到账 ${formatFen(x.amount_fen)}${x.applied_fen > 0 ? ` · 已申请 ${formatFen(x.applied_fen)}` : ''}`,
      invoiceable_fen: x.invoiceable_fen,
      prestore: true,
    })),
  ];
  const total = [...chosen.values()].reduce<number>((s, y) => s + fenOf(y), 0);

  const toggle = (o: Source, on: boolean) => {
    const next = new Map(chosen);
    if (on) next.set(o.key, o.invoiceable_fen / 100);
    else next.delete(o.key);
    setChosen(next);
    setProblem(undefined);
  };

  const submit = () => {
    if (!title) return setProblem('请先新增发票抬头');
    for (const o of sources) {
      const y = chosen.get(o.key);
      if (y !== undefined && fenOf(y) > o.invoiceable_fen) return setProblem(`${o.noun}${o.no}最多可开${formatFen(o.invoiceable_fen)}`);
    }
    const byKey = new Map(sources.map((o) => [o.key, o]));
    const body = invoiceApplyAddBody.safeParse({
      titleId: title.id,
      lines: [...chosen.entries()].flatMap(([key, y]) => {
        const o = byKey.get(key);
        return o ? [{ source: o.source, sourceId: o.id, amount_fen: fenOf(y) }] : [];
      }),
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
      okButtonProps={{ loading: apply.isPending, disabled: !title || sources.length === 0 }}
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
          <Form.Item
            label="开票内容"
            required
            extra={
              sources.some((o) => o.prestore)
                ? `预存资金还可开票 ${formatFen(orders.data.prestoreLeft_fen)}：充值与用预存余额支付的订单只开一次，赠送金额和转入课题组的金额不开票`
                : undefined
            }
          >
            {sources.length === 0 ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description="暂无可开票的订单或充值：企业订单付款后、机构订单结算完成后、充值到账后可申请开票"
              />
            ) : (
              <div className={styles.orders} role="group" aria-label="可开票订单与充值">
                {sources.map((o) => {
                  const on = chosen.has(o.key);
                  return (
                    <div
                      key={o.key}
                      className={on ? `${styles.order} ${styles.orderChecked}` : styles.order}
                      data-testid={o.source === 'order' ? 'invoiceable-order' : 'invoiceable-topup'}
                    >
                      {/* The row's text is the checkbox's label: a click on it selects the row (issue 21). */}
                      <Checkbox
                        className={styles.orderPick}
                        checked={on}
                        onChange={(e) => toggle(o, e.target.checked)}
                        aria-label={`选择${o.noun}${o.no}`}
                      >
                        <span className={styles.orderInfo}>
                          <strong>{o.no}</strong>
                          <span>{o.info}</span>
                        </span>
                      </Checkbox>
                      {on ? (
                        <InputNumber
                          aria-label={`${o.noun}${o.no}开票金额`}
                          value={chosen.get(o.key)}
                          min={0.01}
                          max={o.invoiceable_fen / 100}
                          precision={2}
                          step={1}
                          prefix="¥"
                          style={{ width: 140 }}
                          onChange={(v) => setChosen(new Map(chosen).set(o.key, v))}
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
