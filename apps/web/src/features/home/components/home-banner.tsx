import type { Banner } from '@yance/contracts/home';
import { lazy, Suspense, useEffect, useState } from 'react';
import { BannerSlide } from './banner-slide.tsx';
import styles from './home-banner.module.css';

const BannerCarousel = lazy(() => import('./banner-carousel.tsx').then((m) => ({ default: m.BannerCarousel })));

/**
 * The carousel is not part of the first screen: the first slide shows for a
 * while anyway before autoplay would move on. So swiper loads this long after
 * the page came alive, or at once when the visitor reaches for the banner.
 */
const CAROUSEL_DELAY_MS = 2500;

/**
 * The first banner paints as a plain high-priority <img> (in the server's
 * HTML); swiper loads later (CAROUSEL_DELAY_MS, or on pointer, touch or
 * focus) and then takes over on top of it.
 */
export function HomeBanner({ banners }: { banners: Banner[] }) {
  const [first] = banners;
  const [mountCarousel, setMountCarousel] = useState(false);
  const [carouselReady, setCarouselReady] = useState(false);
  const many = banners.length > 1;

  useEffect(() => {
    if (!many) return;
    const t = window.setTimeout(() => setMountCarousel(true), CAROUSEL_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [many]);
  const wake = many && !mountCarousel ? () => setMountCarousel(true) : undefined;

  if (!first) return <DefaultHero />;
  return (
    <section className={styles.banner} aria-label="推荐活动" onPointerEnter={wake} onTouchStart={wake} onFocus={wake}>
      <div className={styles.still} inert={carouselReady} aria-hidden={carouselReady || undefined}>
        <BannerSlide banner={first} priority />
      </div>
      {mountCarousel && (
        <Suspense fallback={null}>
          <BannerCarousel banners={banners} ready={carouselReady} onReady={() => setCarouselReady(true)} />
        </Suspense>
      )}
    </section>
  );
}

/** Shown when no banner is configured: the brand promise instead of an empty band. */
function DefaultHero() {
  return (
    <section className={`${styles.banner} ${styles.hero}`}>
      <div className={`container ${styles.caption}`}>
        <strong className={styles.title}>一站式科研检测服务平台</strong>
        <span className={styles.desc}>送样检测 · 现场预约 · 数据分析，院校客户先测试后付费</span>
      </div>
    </section>
  );
}
