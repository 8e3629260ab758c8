import type { UserInfo } from '@yance/contracts/user';
import layout from './member-layout.module.css';
import styles from './manager-card.module.css';

/** 专属客户经理 (spec §1): who the customer's dedicated manager is and how to reach them. */
export function ManagerCard({ manager }: { manager: UserInfo['manager'] }) {
  return (
    <section className={layout.card} aria-labelledby="manager-card-title" data-testid="manager-card">
      <h2 id="manager-card-title" className={layout.cardTitle}>
        专属客户经理
      </h2>
      {manager ? (
        <div className={styles.body}>
          <dl className={styles.facts}>
            <div>
              <dt>姓名</dt>
              <dd>{manager.name}</dd>
            </div>
            <div>
              <dt>电话</dt>
              <dd>{manager.phone ? <a href={`tel:${manager.phone}`}>{manager.phone}</a> : '—'}</dd>
            </div>
            <div>
              <dt>邮箱</dt>
              <dd>{manager.email ? <a href={`mailto:${manager.email}`}>{manager.email}</a> : '—'}</dd>
            </div>
          </dl>
          {manager.wechatQr && (
            <figure className={styles.qr}>
              <img src={manager.wechatQr} width={120} height={120} alt={`${manager.name}的微信二维码`} loading="lazy" />
              <figcaption>微信扫码添加</figcaption>
            </figure>
          )}
        </div>
      ) : (
        <p className={styles.none}>正在为您安排专属客户经理，如有需要请先联系客服。</p>
      )}
    </section>
  );
}
