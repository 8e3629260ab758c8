import type { Partner } from '@yance/contracts/home';
import { Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { PartnerLogo } from './partner-logo.tsx';
import styles from './partner-strip.module.css';

/** Loop needs more slides than are in view; short lists are repeated. */
const MIN_SLIDES = 10;

/** Spec §2/§9: continuous scroll, 2 per view (4 from 961 px), 10 s speed, zero delay. */
export function PartnerMarquee({ partners }: { partners: Partner[] }) {
  const repeat = Math.max(1, Math.ceil(MIN_SLIDES / partners.length));
  const slides = Array.from({ length: repeat }, () => partners).flat();
  return (
    <Swiper
      className={styles.marquee}
      modules={[Autoplay]}
      loop
      speed={10000}
      autoplay={{ delay: 0, disableOnInteraction: false }}
      slidesPerView={2}
      spaceBetween={16}
      breakpoints={{ 961: { slidesPerView: 4, spaceBetween: 20 } }}
      allowTouchMove={false}
    >
      {slides.map((p, i) => (
        <SwiperSlide key={`${p.id}-${i}`}>
          <PartnerLogo partner={p} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
