import { ClockCircleOutlined, EnvironmentOutlined, InboxOutlined, MailOutlined, PhoneOutlined, WechatOutlined } from '@ant-design/icons';
import type { LocalInfo } from '@yance/contracts/setting';
import type { ReactNode } from 'react';
import styles from './contact-details.module.css';

interface Row {
  icon: ReactNode;
  label: string;
  value: string;
  href?: string;
  /** Long text (addresses) takes the full row. */
  wide?: boolean;
}

/** Address, phone, e-mail, sample-receiving address, hours and WeChat as a card grid. */
export function ContactDetails({ info }: { info: LocalInfo }) {
  const rows: Row[] = [
    { icon: <PhoneOutlined />, label: '客服电话', value: info.phone, href: `tel:${info.phone.replace(/[^\d+]/g, '')}` },
    { icon: <MailOutlined />, label: '电子邮箱', value: info.email, href: `mailto:${info.email}` },
    { icon: <ClockCircleOutlined />, label: '服务时间', value: info.hours || '周一至周六 8:30-18:30' },
    { icon: <WechatOutlined />, label: '微信客服', value: info.wechat },
    { icon: <EnvironmentOutlined />, label: '公司地址', value: info.address, wide: true },
    { icon: <InboxOutlined />, label: '收样地址', value: info.express, wide: true },
  ];
  return (
    <ul className={styles.grid}>
      {rows
        .filter((r) => r.value)
        .map((r) => (
          <li key={r.label} className={r.wide ? `${styles.item} ${styles.wide}` : styles.item}>
            <span className={styles.icon}>{r.icon}</span>
            <div className={styles.text}>
              <span className={styles.label}>{r.label}</span>
              {r.href ? (
                <a href={r.href} className={styles.value}>
                  {r.value}
                </a>
              ) : (
                <span className={styles.value}>{r.value}</span>
              )}
            </div>
          </li>
        ))}
    </ul>
  );
}
