import type { Partner } from '@yance/contracts/home';
import { lazy, Suspense } from 'react';
import { SectionTitle } from '@/components/ui/section-title.tsx';
import { useNear } from '@/lib/use-near.ts';
import { PartnerLogo } from './partner-logo.tsx';
import styles from './partner-strip.module.css';

const PartnerMarquee = lazy(() => import('./partner-marquee.tsx').then((m) => ({ default: m.PartnerMarquee })));

/** Partner institutions; a still row shows until the scrolling strip (swiper) is near and loaded. */
export function PartnerStrip({ partners }: { partners: Partner[] }) {
  const [ref, near] = useNear<HTMLDivElement>();
  if (!partners.length) return null;
  const still = (
    <ul className={styles.still}>
      {partners.slice(0, 4).map((p) => (
        <li key={p.id}>
          <PartnerLogo partner={p} />
        </li>
      ))}
    </ul>
  );
  return (
    <section className="home-section" aria-labelledby="home-partners">
      <div className="container">
        <SectionTitle id="home-partners" title="合作伙伴" subtitle="与众多高校、科研院所及企业长期合作" />
        <div className={styles.strip} ref={ref}>
          {/* The scrolling strip (swiper) loads as the strip nears the viewport; the server and first render show the still row. */}
          {near ? (
            <Suspense fallback={still}>
              <PartnerMarquee partners={partners} />
            </Suspense>
          ) : (
            still
          )}
        </div>
      </div>
    </section>
  );
}
