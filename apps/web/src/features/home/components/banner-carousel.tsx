import { usePrefersReducedMotion } from '@yance/browser/reduced-motion';
import type { Banner } from '@yance/contracts/home';
import { Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { BannerSlide } from './banner-slide.tsx';
import styles from './home-banner.module.css';

interface BannerCarouselProps {
  banners: Banner[];
  ready: boolean;
  onReady: () => void;
}

/**
 * Spec §2/§9: looped, 1.5 s transition, 5 s autoplay, clickable pagination. For a visitor who asks for less motion it
 * does not turn by itself, and the pagination switches at once.
 */
export function BannerCarousel({ banners, ready, onReady }: BannerCarouselProps) {
  const still = usePrefersReducedMotion();
  return (
    <Swiper
      // A new swiper when the setting changes: autoplay is read once, at its start.
      key={still ? 'still' : 'moving'}
      className={`${styles.carousel} ${ready ? styles.carouselReady : ''}`}
      modules={[Autoplay, Pagination]}
      loop
      speed={still ? 0 : 1500}
      autoplay={still ? false : { delay: 5000, disableOnInteraction: false, pauseOnMouseEnter: true }}
      pagination={{ clickable: true }}
      onSwiper={() => requestAnimationFrame(onReady)}
    >
      {banners.map((b, i) => (
        <SwiperSlide key={`${b.img}-${i}`}>
          <BannerSlide banner={b} priority={i === 0} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
