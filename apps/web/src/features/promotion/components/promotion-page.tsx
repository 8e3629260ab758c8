import { useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, InputNumber, Segmented, Skeleton, Statistic, Tabs, Tag } from 'antd';
import { ListTable } from '@yance/browser/list-table';
import type { PromotionInfo, RebateEntry, WithdrawEntry } from '@yance/contracts/promotion';
import { LEDGER_ENTRY_NAMES } from '@yance/contracts/ledger';
import {
  REBATE_KIND_NAMES,
  REBATE_STATE_NAMES,
  WITHDRAW_STATE_NAMES,
  type RebateKind,
  type RebateState,
  type WithdrawState,
} from '@yance/contracts/promotion-states';
import { formatFen, signedFen, yuanToFen } from '@yance/browser/format';
import { createKeyKeeper } from '@yance/browser/idempotency-key';
import {
  useApplyPromoter,
  usePromotionCustomers,
  usePromotionInfo,
  usePromotionRebates,
  useWalletStatement,
  useWithdraw,
  useWithdrawals,
} from '../api/promotion.ts';
import styles from './promotion.module.css';

const REBATE_COLORS: Record<RebateState, string> = { pending: 'gold', available: 'green', reversed: 'default' };
const WITHDRAW_COLORS: Record<WithdrawState, string> = { applied: 'blue', approved: 'gold', paid: 'green', rejected: 'red' };
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');
const percent = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2)}%`;

/**
 * /member/promotion (ADR 0055, ADR 0069): the rebate wallet of a promoter or of an inviter who earned —
 * rebates, withdrawals, statement — and, for anyone who is not a promoter, the application.
 */
export function PromotionPage() {
  const info = usePromotionInfo();
  if (!info.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const p = info.data.promoter;
  const promoter = !!p && (p.state === 'approved' || p.state === 'disabled');
  return (
    <div className={styles.page}>
      {info.data.wallet && <WalletView info={info.data} promoter={promoter} />}
      {!promoter && <ApplyCard info={info.data} />}
    </div>
  );
}

function ApplyCard({ info }: { info: PromotionInfo }) {
  const p = info.promoter;
  const apply = useApplyPromoter();
  const [form] = Form.useForm<{ name: string; channel: string; reason: string }>();
  return (
    <Card title="成为推广员" className={styles.card}>
      <p className={styles.lead}>
        推广员邀请的客户每笔付款，您可获得实付金额 {percent(info.rateBp)} 的返利；订单完成 {info.pendingDays} 天后转为可提现，满{' '}
        {formatFen(info.minWithdrawFen)} 即可提现到银行卡。
      </p>
      {p?.state === 'applied' && (
        <Alert type="info" showIcon title="您的申请正在审核中" description={`提交于 ${day(p.createdAt)}，渠道：${p.channel}`} />
      )}
      {p?.state === 'rejected' && (
        <Alert type="warning" showIcon title="申请未通过" description={`原因：${p.note}。您可修改后重新申请。`} />
      )}
      {p?.state !== 'applied' && (
        <Form
          form={form}
          layout="vertical"
          className={styles.form}
          initialValues={{ name: p?.name ?? '', channel: p?.channel ?? '', reason: p?.reason ?? '' }}
          onFinish={(v) => apply.mutate(v)}
        >
          <Form.Item name="name" label="姓名" rules={[{ required: true, message: '[姓名]不能为空' }]}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="channel" label="推广渠道" rules={[{ required: true, message: '[推广渠道]不能为空' }]}>
            <Input maxLength={60} placeholder="如：高校课题组、行业展会、公众号" />
          </Form.Item>
          <Form.Item name="reason" label="申请说明">
            <Input.TextArea maxLength={300} rows={3} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={apply.isPending}>
            {p?.state === 'rejected' ? '重新申请' : '提交申请'}
          </Button>
        </Form>
      )}
    </Card>
  );
}

/** The wallet: its figures, withdrawing, and the lists; a promoter's customers too. */
function WalletView({ info, promoter }: { info: PromotionInfo; promoter: boolean }) {
  return (
    <>
      {info.promoter?.state === 'disabled' && (
        <Alert type="warning" showIcon title="推广员资格已停用" description={`${info.promoter.note}。已有余额仍可提现。`} />
      )}
      <Card title="返利钱包" className={styles.card} data-testid="promotion-wallet">
        <div className={styles.figures}>
          <Statistic title="可提现" value={formatFen(info.availableFen)} />
          <Statistic title="待入账" value={formatFen(info.pendingFen)} />
          <Statistic title="提现中" value={formatFen(info.withdrawingFen)} />
          {promoter && <Statistic title="我的客户" value={info.customers} suffix="人" />}
        </div>
        <p className={styles.note}>
          {promoter && `推广返利比例 ${percent(info.rateBp)}，订单完成 ${info.pendingDays} 天后入账；`}
          邀请返利按「邀请有礼」的规则计算与入账；最低提现 {formatFen(info.minWithdrawFen)}。
          {info.owedFen > 0 && ` 另有 ${formatFen(info.owedFen)} 已冲回的返利将从后续返利中扣回。`}
        </p>
      </Card>
      <WithdrawCard info={info} />
      <Card className={styles.card}>
        {/* A list loads when its tab is first opened; the tab bar scrolls sideways on a phone. */}
        <Tabs
          items={[
            { key: 'rebates', label: '返利明细', children: <Rebates /> },
            ...(promoter ? [{ key: 'customers', label: '我的客户', children: <Customers /> }] : []),
            { key: 'withdrawals', label: '提现记录', children: <Withdrawals /> },
            { key: 'statement', label: '钱包明细', children: <Statement /> },
          ]}
        />
      </Card>
    </>
  );
}

interface WithdrawForm {
  amount: number | null;
  holder: string;
  bank: string;
  account: string;
}

function WithdrawCard({ info }: { info: PromotionInfo }) {
  const [form] = Form.useForm<WithdrawForm>();
  const [keys] = useState(() => createKeyKeeper());
  const withdraw = useWithdraw();
  const enough = info.availableFen >= info.minWithdrawFen;
  const submit = (v: WithdrawForm) => {
    const body = { amountFen: yuanToFen(v.amount) ?? 0, holder: v.holder, bank: v.bank, account: v.account };
    withdraw.mutate(
      { ...body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: () => {
          keys.done();
          form.resetFields(['amount']);
        },
      },
    );
  };
  return (
    <Card title="申请提现" className={styles.card}>
      {!enough && (
        <Alert type="info" showIcon className={styles.hint} title={`可提现余额满 ${formatFen(info.minWithdrawFen)} 后可申请提现`} />
      )}
      <Form form={form} layout="vertical" className={styles.form} onFinish={submit} disabled={!enough}>
        <Form.Item
          name="amount"
          label="提现金额（元）"
          rules={[
            { required: true, message: '[提现金额]不能为空' },
            {
              validator: (_, v: number | null) => {
                const fen = yuanToFen(v);
                if (fen === null) return Promise.resolve();
                if (fen < info.minWithdrawFen) return Promise.reject(new Error(`[提现金额]不能低于${formatFen(info.minWithdrawFen)}`));
                if (fen > info.availableFen) return Promise.reject(new Error('钱包可提现余额不足'));
                return Promise.resolve();
              },
            },
          ]}
          extra={`可提现 ${formatFen(info.availableFen)}`}
        >
          <InputNumber min={0} precision={2} className={styles.amount} />
        </Form.Item>
        <Form.Item name="holder" label="开户人" rules={[{ required: true, message: '[开户人]不能为空' }]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="bank" label="开户银行" rules={[{ required: true, message: '[开户银行]不能为空' }]}>
          <Input maxLength={60} placeholder="如：中国建设银行北京海淀支行" />
        </Form.Item>
        <Form.Item
          name="account"
          label="银行账号"
          rules={[
            { required: true, message: '[银行账号]不能为空' },
            { pattern: /^[\d\s]{8,40}$/, message: '[银行账号]应为8至30位数字' },
          ]}
        >
          <Input maxLength={40} inputMode="numeric" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={withdraw.isPending}>
          申请提现
        </Button>
      </Form>
    </Card>
  );
}

/** 返利明细: each rebate with the payment it came from (a card per rebate on a phone, where a table would scroll the amounts away). */
function Rebates() {
  const [page, setPage] = useState(1);
  const q = usePromotionRebates(page);
  return (
    <ListTable<RebateEntry>
      rowKey="id"
      size="small"
      loading={q.isLoading}
      dataSource={q.data?.list ?? []}
      scroll={{ x: 560 }}
      locale={{ emptyText: <Empty description="您邀请的客户付款后，返利会出现在这里" /> }}
      pagination={{ current: page, total: q.data?.total ?? 0, pageSize: 10, onChange: setPage, hideOnSinglePage: true }}
      columns={[
        { title: '订单', dataIndex: 'orderNo' },
        { title: '类型', dataIndex: 'kind', render: (k: RebateKind) => REBATE_KIND_NAMES[k] },
        { title: '客户', dataIndex: 'customer' },
        { title: '付款金额', dataIndex: 'baseFen', render: (v: number) => formatFen(v) },
        { title: '返利', dataIndex: 'amountFen', render: (v: number, r) => `${formatFen(v)}（${percent(r.rateBp)}）` },
        {
          title: '状态',
          dataIndex: 'state',
          render: (s: RebateState, r) => (
            <>
              <Tag color={REBATE_COLORS[s]}>{REBATE_STATE_NAMES[s]}</Tag>
              {s === 'pending' && <span className={styles.muted}>{r.releaseAt ? `${day(r.releaseAt)} 入账` : '订单完成后计时'}</span>}
            </>
          ),
        },
      ]}
    />
  );
}

function Customers() {
  const [page, setPage] = useState(1);
  const q = usePromotionCustomers(page);
  return (
    <ListTable
      rowKey={(r) => `${r.phone}-${r.joinedAt}`}
      size="small"
      loading={q.isLoading}
      dataSource={q.data?.list ?? []}
      locale={{ emptyText: <Empty description="通过您的邀请链接注册的客户会出现在这里（会员中心 › 邀请有礼）" /> }}
      pagination={{ current: page, total: q.data?.total ?? 0, pageSize: 10, onChange: setPage, hideOnSinglePage: true }}
      columns={[
        { title: '手机号', dataIndex: 'phone' },
        { title: '注册日期', dataIndex: 'joinedAt', render: (v: string) => day(v) },
        { title: '带来返利', dataIndex: 'rebateFen', render: (v: number) => formatFen(v) },
      ]}
    />
  );
}

function Withdrawals() {
  const [page, setPage] = useState(1);
  const q = useWithdrawals(page);
  return (
    <ListTable<WithdrawEntry>
      rowKey="id"
      size="small"
      loading={q.isLoading}
      dataSource={q.data?.list ?? []}
      scroll={{ x: 560 }}
      locale={{ emptyText: <Empty description="还没有提现记录" /> }}
      pagination={{ current: page, total: q.data?.total ?? 0, pageSize: 10, onChange: setPage, hideOnSinglePage: true }}
      columns={[
        { title: '编号', dataIndex: 'no' },
        { title: '金额', dataIndex: 'amountFen', render: (v: number) => formatFen(v) },
        { title: '收款账户', key: 'to', render: (_, r) => `${r.bank} ${r.account}` },
        { title: '申请日期', dataIndex: 'createdAt', render: (v: string) => day(v) },
        {
          title: '状态',
          dataIndex: 'state',
          render: (s: WithdrawState, r) => (
            <span data-testid="withdraw-state">
              <Tag color={WITHDRAW_COLORS[s]}>{WITHDRAW_STATE_NAMES[s]}</Tag>
              {s === 'rejected' && <span className={styles.muted}>{r.note}</span>}
              {s === 'paid' && <span className={styles.muted}>流水号 {r.reference}</span>}
            </span>
          ),
        },
      ]}
    />
  );
}

function Statement() {
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState(false);
  const q = useWalletStatement(page, pending);
  return (
    <>
      <Segmented
        size="small"
        value={pending ? 'pending' : 'wallet'}
        onChange={(v) => {
          setPending(v === 'pending');
          setPage(1);
        }}
        options={[
          { value: 'wallet', label: '可提现' },
          { value: 'pending', label: '待入账' },
        ]}
      />
      <ListTable
        rowKey="id"
        size="small"
        className={styles.statement}
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        scroll={{ x: 560 }}
        locale={{ emptyText: <Empty description="暂无明细" /> }}
        pagination={{ current: page, total: q.data?.total ?? 0, pageSize: 10, onChange: setPage, hideOnSinglePage: true }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', render: (v: string) => v.slice(0, 16).replace('T', ' ') },
          { title: '类型', dataIndex: 'kind', render: (k: keyof typeof LEDGER_ENTRY_NAMES) => LEDGER_ENTRY_NAMES[k] },
          { title: '说明', dataIndex: 'memo' },
          { title: '金额', dataIndex: 'amountFen', render: (v: number) => signedFen(v) },
          { title: '余额', dataIndex: 'balanceAfterFen', render: (v: number) => formatFen(v) },
        ]}
      />
    </>
  );
}
