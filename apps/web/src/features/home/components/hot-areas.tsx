import type { Prefecture } from '@yance/contracts/home';
import { Link } from 'react-router';
import { SectionTitle } from '@/components/ui/section-title.tsx';
import { paths } from '@/config/paths.ts';
import styles from './hot-areas.module.css';
import { ResponsiveImg } from '@/components/responsive-img.tsx';

/** Curated hot areas (专区), each opening the project list filtered by area. */
export function HotAreas({ areas }: { areas: Prefecture[] }) {
  if (!areas.length) return null;
  return (
    <section className="home-section home-section--alt" aria-labelledby="home-areas">
      <div className="container">
        <SectionTitle id="home-areas" title="热门专区" subtitle="按研究方向精选的检测组合，快速找到所需项目" />
        <ul className={styles.grid}>
          {areas.map((a) => (
            <li key={a.id}>
              <Link to={paths.area(a.id)} className={styles.card}>
                <ResponsiveImg className={styles.img} src={a.img} alt="" width={72} height={72} sizes="72px" maxWidth={144} />
                <span className={styles.text}>
                  <strong>{a.name}</strong>
                  <span>{a.sketch}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
