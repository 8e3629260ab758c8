import { placeText } from '@yance/contracts/place';
import type { Address, UserInfoResponse } from '@yance/contracts/user';
import { Button, Empty, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { notify } from '@yance/browser/notify';
import { useDeleteAddress } from '../api/delete-address.ts';
import { useSetDefaultAddress } from '../api/set-default-address.ts';
import { AddressDialog } from './address-dialog.tsx';
import layout from './member-layout.module.css';
import styles from './address-book.module.css';

const ok = { onSuccess: () => notify.success('操作成功!') };

/** 地址管理: list, add, edit, delete (with a confirm), set default. */
export function AddressBook({ user }: { user: UserInfoResponse }) {
  const [dialog, setDialog] = useState<{ open: boolean; editing?: Address }>({ open: false });
  const del = useDeleteAddress();
  const setDefault = useSetDefaultAddress();
  return (
    <section className={layout.card}>
      <div className={styles.head}>
        <h1 className={layout.cardTitle}>地址管理</h1>
        <Button type="primary" onClick={() => setDialog({ open: true })}>
          新增地址
        </Button>
      </div>
      {user.address.length === 0 ? (
        <Empty description="还没有地址，新增一个吧" />
      ) : (
        <ul className={styles.list} aria-label="地址列表">
          {user.address.map((a) => (
            <li key={a.address_rid} className={a.default ? `${styles.item} ${styles.isDefault}` : styles.item} data-testid="address-item">
              <div className={styles.who}>
                {a.name} <span>{a.phone}</span>
                {a.default && <Tag color="blue">默认</Tag>}
              </div>
              <p className={styles.where}>{placeText(a)}</p>
              <div className={styles.actions}>
                {!a.default && (
                  <Button
                    type="link"
                    size="small"
                    loading={setDefault.isPending && setDefault.variables === a.address_rid}
                    onClick={() => setDefault.mutate(a.address_rid, ok)}
                  >
                    设为默认
                  </Button>
                )}
                <Button type="link" size="small" onClick={() => setDialog({ open: true, editing: a })}>
                  编辑
                </Button>
                <Popconfirm
                  title="确定删除该地址吗？"
                  okText="删除"
                  cancelText="取消"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => del.mutateAsync(a.address_rid, ok)}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </div>
            </li>
          ))}
        </ul>
      )}
      {/* Keyed by the address: each open starts a fresh form with that address's values (or the new-address defaults). */}
      <AddressDialog
        key={dialog.editing?.address_rid ?? 'new'}
        open={dialog.open}
        editing={dialog.editing}
        phone={user.userInfo.phone}
        onClose={() => setDialog({ open: false })}
      />
    </section>
  );
}
