import type { DeviceDetail } from '@yance/contracts/catalog';
import { RichText } from '@/components/rich-text.tsx';
import { InfoIcon } from '@/components/ui/icons.tsx';
import { PageSection } from '@/components/page-section.tsx';
import { DeviceCard } from './device-card.tsx';
import styles from './device-info-sections.module.css';

/** Sample requirements (highlighted), the rich description and related items. */
export function DeviceInfoSections({ item }: { item: DeviceDetail }) {
  return (
    <>
      {item.sample_requirement ? (
        <PageSection title="样品要求">
          <div className={styles.requirement} role="note">
            <InfoIcon size={18} className={styles.reqIcon} />
            {/* Stored as sanitised HTML (「比表面 &lt; 10」 for a plain 「<」): always read as HTML, never shown as its code. */}
            <RichText html={item.sample_requirement} className={styles.reqText} />
          </div>
        </PageSection>
      ) : null}
      <PageSection title="项目介绍">
        {item.description ? <RichText html={item.description} /> : <p className={styles.none}>暂无详细介绍，欢迎咨询客服。</p>}
      </PageSection>
      {item.related.length > 0 ? (
        <PageSection title="相关项目">
          <div className={styles.related}>
            {item.related.slice(0, 4).map((r) => (
              <DeviceCard key={r.rid} item={r} />
            ))}
          </div>
        </PageSection>
      ) : null}
    </>
  );
}
