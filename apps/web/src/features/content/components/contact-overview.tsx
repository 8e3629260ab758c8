import type { LocalInfo } from '@yance/contracts/setting';
import { ContactDetails } from './contact-details.tsx';
import { MapCard } from './map-card.tsx';
import styles from './contact-overview.module.css';

/** Contact cards beside the drawn location card; stacked on narrow screens. */
export function ContactOverview({ info }: { info: LocalInfo }) {
  return (
    <div className={styles.grid}>
      <ContactDetails info={info} />
      <MapCard address={info.address} express={info.express} />
    </div>
  );
}
