import { FieldTimeOutlined, FireOutlined, ShoppingCartOutlined, ThunderboltOutlined, ToolOutlined } from '@ant-design/icons';
import type { DeviceDetail } from '@yance/contracts/catalog';
import { defaultChoices } from '@yance/contracts/money';
import { Button, Tag } from 'antd';
import { CoverImage } from '@/components/cover-image.tsx';
import { formatTurnaround } from '@/lib/format.ts';
import { PriceCalculator, type PriceSelection } from './price-calculator.tsx';
import styles from './device-summary-panel.module.css';

export interface DeviceActions {
  onAddToPlan: (selection: PriceSelection) => void;
  onOrder: (selection: PriceSelection) => void;
}

export const initialSelection = (item: DeviceDetail): PriceSelection => ({ choices: defaultChoices(item), quantity: 1 });

interface DeviceSummaryPanelProps extends DeviceActions {
  item: DeviceDetail;
  selection: PriceSelection;
  onSelectionChange: (next: PriceSelection) => void;
}

/** The top of a detail page: picture, name, aliases, price calculator, key facts and the two calls to action (on phones in DeviceBuyBar). */
export function DeviceSummaryPanel({ item, selection, onSelectionChange, onAddToPlan, onOrder }: DeviceSummaryPanelProps) {
  return (
    <section className={styles.panel}>
      <div className={styles.media}>
        <CoverImage
          src={item.img}
          alt={item.name}
          ratio="4 / 3"
          className={styles.img}
          sizes="(max-width: 900px) 100vw, 440px"
          maxWidth={900}
          priority
        />
      </div>
      <div className={styles.info}>
        <div className={styles.titleRow}>
          <h2 className={styles.name}>{item.name}</h2>
          {item.discount_label ? <Tag className={styles.discount}>{item.discount_label}</Tag> : null}
        </div>
        {item.alias.length > 0 ? (
          <div className={styles.aliases}>
            <span>又称</span>
            {item.alias.map((a) => (
              <Tag key={a} color="blue" variant="filled">
                {a}
              </Tag>
            ))}
          </div>
        ) : null}
        {item.sketch ? <p className={styles.sketch}>{item.sketch}</p> : null}
        <PriceCalculator item={item} value={selection} onChange={onSelectionChange} />
        <ul className={styles.facts}>
          <li>
            <FieldTimeOutlined />
            <span>周期</span>
            <strong>{formatTurnaround(item.turnaround_days)}</strong>
          </li>
          <li>
            <FireOutlined />
            <span>已下单</span>
            <strong>{item.order}次</strong>
          </li>
          {item.instrument ? (
            <li className={styles.wide}>
              <ToolOutlined />
              <span>仪器</span>
              <strong>{item.instrument}</strong>
            </li>
          ) : null}
        </ul>
        <div className={styles.actions}>
          <Button size="large" icon={<ShoppingCartOutlined />} onClick={() => onAddToPlan(selection)}>
            加入实验方案
          </Button>
          <Button size="large" type="primary" className={styles.order} icon={<ThunderboltOutlined />} onClick={() => onOrder(selection)}>
            立即下单
          </Button>
        </div>
      </div>
    </section>
  );
}
