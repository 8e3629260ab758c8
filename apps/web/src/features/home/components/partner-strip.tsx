import type { Partner } from '@yance/contracts/home';
import { lazy, Suspense } from 'react';
import { SectionTitle } from '@/components/ui/section-title.tsx';
import { useAfterPaint } from '@/lib/use-after-paint.ts';
import { PartnerLogo } from './partner-logo.tsx';
import styles from './partner-strip.module.css';

const PartnerMarquee = lazy(() => import('./partner-marquee.tsx').then((m) => ({ default: m.PartnerMarquee })));

/** Partner institutions; a static row shows until the scrolling strip (swiper) has loaded. */
export function PartnerStrip({ partners }: { partners: Partner[] }) {
  const painted = useAfterPaint();
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
        <div className={styles.strip}>
          {/* The scrolling strip is the browser's: the server (and the first render) show the still row. */}
          {painted ? (
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
