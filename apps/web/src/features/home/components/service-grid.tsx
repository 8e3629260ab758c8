import type { ProjectType } from '@yance/contracts/catalog';
import { Link } from 'react-router';
import { ChevronRightIcon } from '@/components/ui/icons.tsx';
import { SectionTitle } from '@/components/ui/section-title.tsx';
import { paths } from '@/config/paths.ts';
import styles from './service-grid.module.css';
import { ResponsiveImg } from '@/components/responsive-img.tsx';
import { useShownLabel } from '@/lib/use-shown-label.ts';

/** Spec §3: a type's description is split on "|" into tags. */
const tagsOf = (t: ProjectType) => (t.tags.length ? t.tags : t.description.split('|')).map((s) => s.trim()).filter(Boolean);

/** A type's discount label, as this customer is offered it (a customer with an order: no 新客 labels). */
function TypeBadge({ label }: { label: string }) {
  const shown = useShownLabel(label);
  return shown ? <span className={styles.badge}>{shown}</span> : null;
}

/** The three service types with their child categories (spec §2 service-items grid). */
export function ServiceGrid({ types }: { types: ProjectType[] }) {
  if (!types.length) return null;
  return (
    <section className="home-section" aria-labelledby="home-services">
      <div className="container">
        <SectionTitle id="home-services" title="服务项目" subtitle="覆盖材料表征、性能测试、仪器机时与模拟计算，一站式满足科研检测需求" />
        <div className={styles.grid}>
          {types.map((t) => (
            <article key={t.id} className={styles.card}>
              <Link to={paths.project(t.id, t.name)} className={styles.head}>
                <ResponsiveImg
                  className={styles.img}
                  src={t.img}
                  alt=""
                  width={400}
                  height={180}
                  sizes="(max-width: 640px) 50vw, 400px"
                  maxWidth={800}
                />
                <span className={styles.headShade} aria-hidden="true" />
                <TypeBadge label={t.discount_info.discount_label} />
                <h3 className={styles.name}>{t.name}</h3>
              </Link>
              <div className={styles.body}>
                <ul className={styles.tags} aria-label={`${t.name}特点`}>
                  {tagsOf(t).map((tag) => (
                    <li key={tag}>{tag}</li>
                  ))}
                </ul>
                <ul className={styles.children} aria-label={`${t.name}分类`}>
                  {t.typeChildArr.map((c) => (
                    <li key={c.id}>
                      <Link to={paths.project(t.id, t.name, c.id)}>
                        {c.name}
                        {c.count > 0 && <span className={styles.count}>{c.count}</span>}
                      </Link>
                    </li>
                  ))}
                </ul>
                <Link to={paths.project(t.id, t.name)} className={styles.all}>
                  查看全部{t.name}项目 <ChevronRightIcon size={15} />
                </Link>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
