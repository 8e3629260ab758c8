import type { Prefecture } from '@yance/contracts/home';
import { CoverImage } from '@/components/cover-image.tsx';
import { CloseIcon } from '@/components/ui/icons.tsx';
import styles from './area-banner.module.css';

/** The hot area (专区) a list is limited to, with a way out of it. */
export function AreaBanner({ area, onClear }: { area: Prefecture; onClear: () => void }) {
  return (
    <div className={styles.banner}>
      <CoverImage
        src={area.img}
        alt={area.name}
        ratio="1 / 1"
        className={styles.img}
        sizes="(max-width: 560px) 100vw, 56px"
        maxWidth={560}
      />
      <div className={styles.text}>
        <span className={styles.kicker}>热门专区</span>
        <strong>{area.name}</strong>
        {area.sketch ? <p>{area.sketch}</p> : null}
      </div>
      <button type="button" className={styles.clear} onClick={onClear}>
        <CloseIcon size={14} /> 查看全部项目
      </button>
    </div>
  );
}
