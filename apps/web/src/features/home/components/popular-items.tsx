import type { HotItem } from '@yance/contracts/home';
import { Link } from 'react-router';
import { SectionTitle } from '@/components/ui/section-title.tsx';
import { paths } from '@/config/paths.ts';
import { formatOrders, formatPriceFrom } from '@yance/browser/format';
import styles from './popular-items.module.css';
import { ResponsiveImg } from '@/components/responsive-img.tsx';

/**
 * Popular catalogue items. Each card shows the starting price ("¥80起") and,
 * apart from it in smaller grey type, the order count followed by 下单 (spec §2:
 * "4826下单"), so the count is never read as a price; 立即预约 is always shown
 * (a phone has no hover).
 */
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
                  <ResponsiveImg src={item.img} alt="" width={300} height={200} sizes="(max-width: 640px) 50vw, 300px" maxWidth={600} />
                </span>
                <span className={styles.body}>
                  <strong className={styles.name}>{item.name}</strong>
                  <span className={styles.sketch}>{item.sketch}</span>
                  <span className={styles.foot}>
                    <span className={styles.price}>{formatPriceFrom(item.price_fen, item.unit)}</span>
                    <span className={styles.orders}>{formatOrders(item.order)}</span>
                  </span>
                  <span className={styles.go}>立即预约</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
