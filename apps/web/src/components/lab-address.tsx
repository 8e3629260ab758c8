import type { LocalInfo } from '@yance/contracts/setting';
import styles from './lab-address.module.css';

/** Where self-sent samples go (localInfo of the settings: express, phone, email, address). */
export function LabAddress({ info }: { info: LocalInfo | undefined }) {
  if (!info) return <p className={styles.hint}>收样地址加载中…</p>;
  return (
    <dl className={styles.lab} data-testid="lab-address">
      <dt>收样地址</dt>
      <dd>{info.express}</dd>
      <dt>联系电话</dt>
      <dd>
        <a href={`tel:${info.phone}`}>{info.phone}</a>
      </dd>
      <dt>联系邮箱</dt>
      <dd>
        <a href={`mailto:${info.email}`}>{info.email}</a>
      </dd>
      <dt>公司地址</dt>
      <dd>{info.address}</dd>
    </dl>
  );
}
