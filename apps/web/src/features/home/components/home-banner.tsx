import type { Banner } from '@yance/contracts/home';
import { lazy, Suspense, useEffect, useState } from 'react';
import { BannerSlide } from './banner-slide.tsx';
import styles from './home-banner.module.css';

const BannerCarousel = lazy(() => import('./banner-carousel.tsx').then((m) => ({ default: m.BannerCarousel })));

/** Longest wait for the first image before the carousel mounts anyway. */
const CAROUSEL_FALLBACK_MS = 1500;

/**
 * The first banner paints as a plain high-priority <img>; swiper loads only
 * after that image is in, and then takes over on top of it.
 */
export function HomeBanner({ banners }: { banners: Banner[] }) {
  const [first] = banners;
  const [mountCarousel, setMountCarousel] = useState(false);
  const [carouselReady, setCarouselReady] = useState(false);
  const many = banners.length > 1;

  useEffect(() => {
    if (!many) return;
    const t = window.setTimeout(() => setMountCarousel(true), CAROUSEL_FALLBACK_MS);
    return () => window.clearTimeout(t);
  }, [many]);

  if (!first) return <DefaultHero />;
  return (
    <section className={styles.banner} aria-label="推荐活动">
      <div className={styles.still} inert={carouselReady} aria-hidden={carouselReady || undefined}>
        <BannerSlide banner={first} priority onSettled={() => many && setMountCarousel(true)} />
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
