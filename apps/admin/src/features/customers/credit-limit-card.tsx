import { Button, Card, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { call } from '@yance/browser/api-client';
import { formatFen } from '@yance/browser/format';
import type { CustomerDetail } from '@yance/contracts/customer';
import { useCustomerChange } from './use-customer-change.ts';

/** Yuan typed with at most two decimals, as whole fen (no float arithmetic on the cents). */
const toFen = (yuan: number) => Math.round(yuan * 100);

/**
 * 信用额度 (ADR 0050): an institution's limit on what it may owe; while its
 * 待结算 orders reach it, new orders are refused. Typed in yuan, sent as fen;
 * empty means no limit. Enterprises prepay and have none.
 */
export function CreditLimitCard({ c, canEdit }: { c: CustomerDetail; canEdit: boolean }) {
  const [yuan, setYuan] = useState<number | null>(c.creditLimitFen === null ? null : c.creditLimitFen / 100);
  const save = useCustomerChange(
    (creditLimitFen: number | null) => call('customerCredit', { body: { id: c.id, creditLimitFen } }),
    '信用额度已保存',
  );
  const enterprise = c.organization === 2;
  return (
    <Card title="信用额度" size="small">
      {enterprise ? (
        <Typography.Text type="secondary">企业客户签约后预付款，不设信用额度。</Typography.Text>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text data-testid="credit-limit">
            当前：{c.creditLimitFen === null ? '不限' : formatFen(c.creditLimitFen)}
          </Typography.Text>
          <Typography.Text type="secondary">待结算金额达到额度时，客户不能提交新订单（仍可保存草稿）。</Typography.Text>
          {canEdit && (
            <Space wrap>
              <InputNumber<number>
                aria-label="信用额度（元）"
                min={0}
                max={10_000_000}
                precision={2}
                prefix="¥"
                placeholder="不限"
                style={{ width: 180 }}
                value={yuan}
                onChange={(v) => setYuan(v)}
              />
              <Button type="primary" loading={save.isPending} onClick={() => save.mutate(yuan === null ? null : toFen(yuan))}>
                保存
              </Button>
            </Space>
          )}
        </Space>
      )}
    </Card>
  );
}
