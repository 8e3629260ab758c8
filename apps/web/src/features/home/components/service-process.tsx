import { useId, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { SectionTitle } from '@/components/ui/section-title.tsx';
import { ENTERPRISE_STEPS, SCHOOL_STEPS, type ProcessStep } from './process-steps.ts';
import styles from './service-process.module.css';

const TABS = [
  { key: 'school', label: '院校客户', note: '先测试后付费', steps: SCHOOL_STEPS },
  { key: 'enterprise', label: '企业客户', note: '签约预付，专人对接', steps: ENTERPRISE_STEPS },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** Spec §4: the tab switches between institutional and enterprise process steps. */
export function ServiceProcess() {
  const [active, setActive] = useState<TabKey>('school');
  const base = useId();
  const current = TABS.find((t) => t.key === active) ?? TABS[0];

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const i = TABS.findIndex((t) => t.key === active);
    const next = TABS[(i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length] ?? TABS[0];
    setActive(next.key);
    document.getElementById(`${base}-tab-${next.key}`)?.focus();
  };

  return (
    <section className="home-section" aria-labelledby="home-process">
      <div className="container">
        <SectionTitle id="home-process" title="服务流程" subtitle="专属客户经理全程跟进，进度透明可查" />
        <div className={styles.panel}>
          <div className={styles.tabs} role="tablist" aria-label="客户类型" onKeyDown={onKeyDown}>
            {TABS.map((t) => (
              <button
                key={t.key}
                id={`${base}-tab-${t.key}`}
                type="button"
                role="tab"
                aria-selected={t.key === active}
                aria-controls={`${base}-panel`}
                tabIndex={t.key === active ? 0 : -1}
                className={t.key === active ? `${styles.tab} ${styles.tabActive}` : styles.tab}
                onClick={() => setActive(t.key)}
              >
                {t.label}
                <small>{t.note}</small>
              </button>
            ))}
          </div>
          <div id={`${base}-panel`} role="tabpanel" aria-labelledby={`${base}-tab-${active}`}>
            <Steps steps={current.steps} />
          </div>
        </div>
      </div>
    </section>
  );
}

function Steps({ steps }: { steps: readonly ProcessStep[] }) {
  return (
    <ol className={styles.steps} style={{ '--cols': steps.length } as CSSProperties}>
      {steps.map((s, i) => (
        <li key={s.title} className={styles.step}>
          <span className={styles.num}>{i + 1}</span>
          <strong className={styles.title}>{s.title}</strong>
          <span className={styles.detail}>{s.detail}</span>
        </li>
      ))}
    </ol>
  );
}
