import { usePrefersReducedMotion } from '@yance/browser/reduced-motion';
import type { Partner } from '@yance/contracts/home';
import { Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { PartnerLogo } from './partner-logo.tsx';
import styles from './partner-strip.module.css';

/** Loop needs more slides than are in view; short lists are repeated. */
const MIN_SLIDES = 10;

/**
 * Spec §2/§9: continuous scroll, 2 per view (4 from 961 px), 10 s speed, zero delay. For a visitor who asks for less
 * motion it stands still and is swiped by hand instead (WCAG 2.2.2: nothing moves for more than 5 s by itself).
 */
export function PartnerMarquee({ partners }: { partners: Partner[] }) {
  const still = usePrefersReducedMotion();
  const repeat = Math.max(1, Math.ceil(MIN_SLIDES / partners.length));
  const slides = Array.from({ length: repeat }, () => partners).flat();
  return (
    <Swiper
      // A new swiper when the setting changes: autoplay is read once, at its start.
      key={still ? 'still' : 'moving'}
      className={styles.marquee}
      modules={[Autoplay]}
      loop
      speed={still ? 300 : 10000}
      autoplay={still ? false : { delay: 0, disableOnInteraction: false }}
      slidesPerView={2}
      spaceBetween={16}
      breakpoints={{ 961: { slidesPerView: 4, spaceBetween: 20 } }}
      allowTouchMove={still}
    >
      {slides.map((p, i) => (
        <SwiperSlide key={`${p.id}-${i}`}>
          <PartnerLogo partner={p} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
