import type { HotItem } from '@yance/contracts/home';
import { Link } from 'react-router';
import { SectionTitle } from '@/components/ui/section-title.tsx';
import { paths } from '@/config/paths.ts';
import styles from './popular-items.module.css';

/** Popular catalogue items; each card shows its order count followed by 下单 (spec §2). */
export function PopularItems({ items }: { items: HotItem[] }) {
  if (!items.length) return null;
  return (
    <section className="home-section home-section--alt" aria-labelledby="home-hot">
      <div className="container">
        <SectionTitle
          id="home-hot"
          title="热门项目"
          subtitle="科研用户下单最多的检测项目，报告规范、周期透明"
          more={paths.project()}
          moreLabel="全部项目"
        />
        <ul className={styles.grid}>
          {items.map((item) => (
            <li key={item.rid}>
              <Link to={paths.detail(item.rid)} className={styles.card}>
                <span className={styles.media}>
                  <img src={item.img} alt="" width={300} height={200} loading="lazy" decoding="async" />
                </span>
                <span className={styles.body}>
                  <strong className={styles.name}>{item.name}</strong>
                  <span className={styles.sketch}>{item.sketch}</span>
                  <span className={styles.foot}>
                    <span className={styles.orders}>
                      <em>{item.order}</em>下单
                    </span>
                    <span className={styles.go}>立即预约</span>
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
