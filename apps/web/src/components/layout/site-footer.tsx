import { Link } from 'react-router';
import { BoxIcon, ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '@/components/ui/icons.tsx';
import { LazyQrCodeCard } from '@/components/ui/lazy-qr-code-card.tsx';
import { paths } from '@/config/paths.ts';
import { useClientValue } from '@/lib/use-client-value.ts';
import { Logo } from './logo.tsx';
import styles from './site-footer.module.css';

/** Contact details shown in the footer (the site settings' localInfo). */
export interface FooterContact {
  address: string;
  phone: string;
  email: string;
  express: string;
  hours?: string;
}

/** Spec §2: contact hours are Monday to Saturday 8:30 to 18:30. */
export const SERVICE_HOURS = '周一至周六 8:30-18:30';

const LINK_GROUPS = [
  {
    title: '服务支持',
    links: [
      { label: '服务指南', to: paths.guide() },
      { label: '发布需求', to: paths.require() },
      { label: '资质证书', to: paths.certificates() },
      { label: '用户协议', to: paths.license() },
      { label: '隐私政策', to: paths.policy() },
    ],
  },
  {
    title: '了解研测',
    links: [
      { label: '加入我们', to: paths.about('recruit') },
      { label: '服务案例', to: paths.list('service') },
      { label: '客户致谢', to: paths.list('thanks') },
      { label: '联系我们', to: paths.contact() },
    ],
  },
];

const thisYear = () => new Date().getFullYear();

/** Links, contact details (the company's and the sample address) and QR codes, on a phone too. */
export function SiteFooter({ contact }: { contact?: FooterContact }) {
  // The clock is read in the browser only: a server-rendered page must hydrate with the same text.
  const year = useClientValue(thisYear, null);
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div className={styles.brand}>
          <Logo tone="light" height={42} />
          <p>一站式科研检测服务平台：送样检测、现场预约与数据分析，院校客户先测试后付费，专属客户经理全程跟进。</p>
          {contact?.phone && (
            <a className={styles.hotline} href={`tel:${contact.phone}`}>
              <PhoneIcon size={20} /> {contact.phone}
            </a>
          )}
        </div>
        {LINK_GROUPS.map((g) => (
          <nav key={g.title} className={styles.links} aria-label={g.title}>
            <h3>{g.title}</h3>
            <ul>
              {g.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <address className={styles.contact}>
          <h3>联系我们</h3>
          <ul>
            {contact && (
              <>
                <li className={styles.long}>
                  <MapPinIcon size={15} /> <span>公司地址：{contact.address}</span>
                </li>
                <li>
                  <PhoneIcon size={15} /> <span>客服电话：{contact.phone}</span>
                </li>
                <li>
                  <MailIcon size={15} /> <span>电子邮箱：{contact.email}</span>
                </li>
                <li className={styles.long}>
                  <BoxIcon size={15} /> <span>收样地址：{contact.express}</span>
                </li>
              </>
            )}
            <li>
              <ClockIcon size={15} /> <span>服务时间：{contact?.hours || SERVICE_HOURS}</span>
            </li>
          </ul>
        </address>
        <div className={styles.qrs}>
          <LazyQrCodeCard path={paths.list('news')} caption="微信公众号" size={88} />
          <LazyQrCodeCard path={paths.contact()} caption="客服微信" size={88} />
        </div>
      </div>
      <div className={styles.bottom}>
        <div className="container">
          ©{year ? ` ${year}` : ''} 研测科研检测服务平台 版权所有 · 京ICP备20260001号-1 · 京公网安备 11010802000001号
        </div>
      </div>
    </footer>
  );
}
