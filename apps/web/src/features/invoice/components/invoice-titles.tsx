import type { InvoiceTitle } from '@yance/contracts/invoice';
import {
  INVOICE_HOLDER_NAMES,
  INVOICE_KIND_NAMES,
  INVOICE_TITLES_MAX,
  isElectronicInvoice,
  isSpecialInvoice,
} from '@yance/contracts/invoice-states';
import type { Address } from '@yance/contracts/user';
import { Button, Popconfirm, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/error-state.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { paths } from '@/config/paths.ts';
import { notify } from '@yance/browser/notify';
import { useDeleteTitle, useInvoiceTitles, useSetDefaultTitle } from '../api/invoices.ts';
import { TitleDialog } from './title-dialog.tsx';
import styles from './invoice.module.css';

const ok = { onSuccess: () => notify.success('操作成功!') };

function TitleCard({ title, onEdit }: { title: InvoiceTitle; onEdit: () => void }) {
  const del = useDeleteTitle();
  const setDefault = useSetDefaultTitle();
  const special = isSpecialInvoice(title.kind);
  return (
    <li className={title.default ? `${styles.item} ${styles.isDefault}` : styles.item} data-testid="invoice-title">
      <h3 className={styles.name}>
        {title.name}
        {title.default && <Tag color="blue">默认</Tag>}
        <Tag color={special ? 'gold' : 'default'}>{INVOICE_KIND_NAMES[title.kind]}</Tag>
      </h3>
      <dl className={styles.facts}>
        <dt>抬头类型</dt>
        <dd>{INVOICE_HOLDER_NAMES[title.holder]}</dd>
        {title.tax_id && (
          <>
            <dt>税号</dt>
            <dd>{title.tax_id}</dd>
          </>
        )}
        {special && (
          <>
            <dt>注册地址</dt>
            <dd>
              {title.register_address} {title.register_phone}
            </dd>
            <dt>开户银行</dt>
            <dd>
              {title.bank} {title.bank_account}
            </dd>
          </>
        )}
        {isElectronicInvoice(title.kind) ? (
          <>
            <dt>收票邮箱</dt>
            <dd>{title.email}</dd>
          </>
        ) : (
          <>
            <dt>收票地址</dt>
            <dd className={title.address_text ? undefined : styles.warn}>{title.address_text || '地址已删除，请编辑后重新选择'}</dd>
          </>
        )}
      </dl>
      <div className={styles.actions}>
        {!title.default && (
          <Button type="link" size="small" loading={setDefault.isPending} onClick={() => setDefault.mutate(title.id, ok)}>
            设为默认
          </Button>
        )}
        <Button type="link" size="small" onClick={onEdit}>
          编辑
        </Button>
        <Popconfirm
          title="确定删除该抬头吗？"
          description="已提交的开票申请不受影响"
          okText="删除"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          onConfirm={() => del.mutateAsync(title.id, ok)}
        >
          <Button type="link" size="small" danger>
            删除
          </Button>
        </Popconfirm>
      </div>
    </li>
  );
}

/** /member/invoiceMg — 发票管理: the customer's titles (抬头), the default first; add, edit, delete, set default. */
export function InvoiceTitles({ addresses }: { addresses: readonly Address[] }) {
  const titles = useInvoiceTitles();
  const [dialog, setDialog] = useState<{ open: boolean; editing?: InvoiceTitle }>({ open: false });
  const list = titles.data?.list ?? [];
  const full = list.length >= INVOICE_TITLES_MAX;
  return (
    <section className={styles.card} aria-labelledby="invoice-titles-title">
      <div className={styles.head}>
        <h1 className={styles.title} id="invoice-titles-title">
          发票管理
        </h1>
        <div>
          <Link to={paths.member('invoiceLs')} style={{ marginRight: 16 }}>
            开票记录
          </Link>
          <Button
            type="primary"
            disabled={full}
            title={full ? `最多${INVOICE_TITLES_MAX}个抬头` : undefined}
            onClick={() => setDialog({ open: true })}
          >
            新增抬头
          </Button>
        </div>
      </div>
      <p className={styles.hint}>
        增值税专用发票仅开给单位，须填写税号、注册地址、注册电话、开户银行及账号；电子发票发送至收票邮箱，纸质发票寄送至收票地址。
      </p>
      {titles.isError ? (
        <ErrorState message={titles.error.message} onRetry={() => void titles.refetch()} />
      ) : !titles.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : list.length === 0 ? (
        <EmptyState description="还没有发票抬头，新增一个吧" />
      ) : (
        <ul className={styles.list} aria-label="发票抬头">
          {list.map((t) => (
            <TitleCard key={t.id} title={t} onEdit={() => setDialog({ open: true, editing: t })} />
          ))}
        </ul>
      )}
      {/* Keyed by the title: each open starts a fresh form with its values (or a new title's). */}
      <TitleDialog
        key={dialog.editing?.id ?? 'new'}
        open={dialog.open}
        editing={dialog.editing}
        addresses={addresses}
        onClose={() => setDialog({ open: false })}
      />
    </section>
  );
}
