import type { ServiceCase } from '@yance/contracts/home';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SectionTitle } from '@/components/ui/section-title.tsx';
import { isExternal, paths } from '@/config/paths.ts';
import styles from './service-cases.module.css';
import { ResponsiveImg } from '@/components/responsive-img.tsx';

/** An external source opens in a new tab; otherwise the article is read on the site. */
function CaseLink({ item, children }: { item: ServiceCase; children: ReactNode }) {
  return isExternal(item.source) ? (
    <a className={styles.card} href={item.source} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <Link className={styles.card} to={paths.article(item.rid)}>
      {children}
    </Link>
  );
}

/** Ability-demonstration cases (spec §2): date as YYYY-MM-DD, 更多 → /list/service. */
export function ServiceCases({ cases }: { cases: ServiceCase[] }) {
  if (!cases.length) return null;
  return (
    <section className="home-section" aria-labelledby="home-cases">
      <div className="container">
        <SectionTitle id="home-cases" title="能力展示" subtitle="真实科研服务案例，见证数据质量与专业能力" more={paths.list('service')} />
        <ul className={styles.grid}>
          {cases.map((c) => (
            <li key={c.rid}>
              <CaseLink item={c}>
                <span className={styles.media}>
                  <ResponsiveImg
                    src={c.img}
                    alt=""
                    width={380}
                    height={214}
                    sizes="(max-width: 640px) 118px, (max-width: 960px) 50vw, 380px"
                    maxWidth={760}
                  />
                </span>
                <span className={styles.body}>
                  <strong className={styles.title}>{c.title}</strong>
                  <span className={styles.sketch}>{c.sketch}</span>
                  <time className={styles.date} dateTime={c.created}>
                    {c.created.slice(0, 10)}
                  </time>
                </span>
              </CaseLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
