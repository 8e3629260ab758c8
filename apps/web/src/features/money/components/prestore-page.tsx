import { Alert, Tabs } from 'antd';
import { usePrestoreInfo } from '../api/prestore.ts';
import { BalanceCard } from './balance-card.tsx';
import { GroupFundsCard } from './group-funds-card.tsx';
import { OnlineTopup } from './online-topup.tsx';
import { StatementCard } from './statement-card.tsx';
import { TopupList } from './topup-list.tsx';
import { TopupReturn } from './topup-result.tsx';
import { TransferTopup } from './transfer-topup.tsx';
import styles from './money.module.css';

/** /member/prestore (预存中心): the balance, 充值 online or by bank transfer, 余额明细 and 充值记录; ?topup= after a gateway. */
export function PrestorePage() {
  const info = usePrestoreInfo();
  return (
    <>
      <TopupReturn />
      <BalanceCard info={info.data} />
      <section className={styles.card} aria-labelledby="topup-title">
        <h2 className={styles.cardTitle} id="topup-title">
          充值
        </h2>
        {info.isError ? (
          <Alert type="error" showIcon title="充值信息加载失败，请刷新页面重试" />
        ) : info.data ? (
          <Tabs
            items={[
              { key: 'online', label: '在线支付', children: <OnlineTopup info={info.data} /> },
              { key: 'transfer', label: '对公转账', children: <TransferTopup info={info.data} /> },
            ]}
          />
        ) : null}
      </section>
      <GroupFundsCard />
      <StatementCard />
      <TopupList />
    </>
  );
}
