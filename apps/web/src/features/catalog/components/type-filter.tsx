import type { ProjectType } from '@yance/contracts/catalog';
import type { Prefecture } from '@yance/contracts/home';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ChartIcon, FlaskIcon, GridIcon, MonitorIcon } from '@/components/ui/icons.tsx';
import { SkeletonLines } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import styles from './type-filter.module.css';

const TYPE_ICONS: Record<number, ReactNode> = {
  1: <FlaskIcon size={16} />,
  2: <MonitorIcon size={16} />,
  3: <ChartIcon size={16} />,
};

interface TypeFilterProps {
  types: ProjectType[] | undefined;
  loading: boolean;
  typeId?: number;
  childId?: number;
  onChildChange: (childId: number | undefined) => void;
  /** Hot areas (专区) to jump to; a chip row on phones. */
  areas?: Prefecture[];
  areaId?: number;
}

/**
 * Project types as link tabs, then the chosen type's child categories as
 * selectable tags and the hot areas. On a phone the types stay as one
 * scrolling row and the rest folds behind 筛选, which names what is chosen.
 */
export function TypeFilter({ types, loading, typeId, childId, onChildChange, areas, areaId }: TypeFilterProps) {
  const current = types?.find((t) => t.id === typeId);
  const total = (t: ProjectType) => t.typeChildArr.reduce((n, c) => n + c.count, 0);
  const [open, setOpen] = useState(false);
  const foldId = useId();
  const chosen = [current?.typeChildArr.find((c) => c.id === childId)?.name, areas?.find((a) => a.id === areaId)?.name].filter(Boolean);
  const hasMore = !!current || !!areas?.length;
  return (
    <aside className={styles.panel} aria-label="项目筛选">
      <div className={styles.block}>
        <h2 className={styles.heading}>服务类型</h2>
        {loading && !types ? (
          <SkeletonLines title={false} rows={4} />
        ) : (
          <nav className={styles.types}>
            <Link
              to={paths.project()}
              className={!typeId ? `${styles.type} ${styles.on}` : styles.type}
              aria-current={!typeId ? 'page' : undefined}
            >
              <GridIcon size={16} />
              <span className={styles.typeName}>全部项目</span>
            </Link>
            {types?.map((t) => (
              <Link
                key={t.id}
                to={paths.project(t.id, t.name)}
                className={t.id === typeId ? `${styles.type} ${styles.on}` : styles.type}
                aria-current={t.id === typeId ? 'page' : undefined}
              >
                {TYPE_ICONS[t.id] ?? <GridIcon size={16} />}
                <span className={styles.typeName}>{t.name}</span>
                <small>{total(t)}</small>
              </Link>
            ))}
          </nav>
        )}
        {hasMore ? (
          <button type="button" className={styles.foldButton} aria-expanded={open} aria-controls={foldId} onClick={() => setOpen(!open)}>
            <span>筛选</span>
            <span className={styles.chosen}>{chosen.length ? chosen.join(' · ') : current ? '全部分类' : '热门专区'}</span>
            <span className={styles.chevron} aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <div id={foldId} className={open ? `${styles.fold} ${styles.foldOpen}` : styles.fold}>
        {current ? (
          <div className={styles.block}>
            <h2 className={styles.heading}>分类</h2>
            <div className={styles.tags} role="group" aria-label="分类">
              <button
                type="button"
                className={!childId ? `${styles.tag} ${styles.tagOn}` : styles.tag}
                aria-pressed={!childId}
                onClick={() => onChildChange(undefined)}
              >
                全部
              </button>
              {current.typeChildArr.map((c) => (
                <button
                  key={c.id}
                  type="button"
                  className={c.id === childId ? `${styles.tag} ${styles.tagOn}` : styles.tag}
                  aria-pressed={c.id === childId}
                  onClick={() => onChildChange(c.id)}
                >
                  {c.name}
                  <small>{c.count}</small>
                </button>
              ))}
            </div>
          </div>
        ) : null}
        {current?.tags.length ? (
          <div className={`${styles.block} ${styles.promise}`}>
            {current.tags.map((tag) => (
              <span key={tag}>✓ {tag}</span>
            ))}
          </div>
        ) : null}
        {areas?.length ? (
          <div className={styles.block}>
            <h2 className={styles.heading}>热门专区</h2>
            <nav className={styles.areas} aria-label="热门专区">
              {areas.map((a) => (
                <Link key={a.id} to={paths.area(a.id)} className={a.id === areaId ? `${styles.area} ${styles.areaOn}` : styles.area}>
                  {a.name}
                </Link>
              ))}
            </nav>
          </div>
        ) : null}
      </div>
    </aside>
  );
}
