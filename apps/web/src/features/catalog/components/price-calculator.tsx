import type { DeviceOption, PriceUnit } from '@yance/contracts/catalog';
import { InputNumber, Radio } from 'antd';
import { formatFen, unitLabel } from '@/lib/format.ts';
import { unitPriceFen } from '../utils/unit-price.ts';
import styles from './price-calculator.module.css';

export interface PriceSelection {
  /** Index of the chosen choice for each option, in option order. */
  choices: number[];
  quantity: number;
}

interface PriceCalculatorProps {
  basePriceFen: number;
  unit: PriceUnit;
  options: DeviceOption[];
  value: PriceSelection;
  onChange: (next: PriceSelection) => void;
}

const MAX_QUANTITY = 999;

/** Option radio groups and a quantity that update the shown unit price and estimate. */
export function PriceCalculator({ basePriceFen, unit, options, value, onChange }: PriceCalculatorProps) {
  const unitFen = unitPriceFen(basePriceFen, options, value.choices);
  const label = unitLabel(unit);
  return (
    <div className={styles.calc}>
      <div className={styles.priceRow}>
        <span className={styles.caption}>单价</span>
        <span className={styles.price} aria-live="polite">
          <strong>{formatFen(unitFen)}</strong>/{label}
        </span>
        {unitFen !== basePriceFen ? (
          <span className={styles.base}>基础价 {formatFen(basePriceFen)}</span>
        ) : (
          <span className={styles.base}>起</span>
        )}
      </div>
      {options.map((opt, i) => (
        <div key={opt.name} className={styles.row}>
          <span className={styles.caption}>{opt.name}</span>
          <Radio.Group
            className={styles.choices}
            optionType="button"
            value={value.choices[i] ?? 0}
            onChange={(e) => {
              const choices = options.map((_, j) => value.choices[j] ?? 0);
              choices[i] = Number(e.target.value);
              onChange({ ...value, choices });
            }}
            options={opt.choices.map((c, j) => ({
              value: j,
              label: c.extra_fen ? `${c.label}（+${formatFen(c.extra_fen)}）` : c.label,
            }))}
          />
        </div>
      ))}
      <div className={styles.row}>
        <span className={styles.caption}>数量</span>
        <div className={styles.qty}>
          <InputNumber
            min={1}
            max={MAX_QUANTITY}
            precision={0}
            value={value.quantity}
            onChange={(q) => onChange({ ...value, quantity: Math.min(MAX_QUANTITY, Math.max(1, Math.floor(q ?? 1))) })}
            aria-label={`数量（${label}）`}
          />
          <span className={styles.unit}>{label}</span>
        </div>
      </div>
      <div className={styles.total}>
        <span>预估费用</span>
        <strong>{formatFen(unitFen * value.quantity)}</strong>
        <small>最终以实验方案结算为准</small>
      </div>
    </div>
  );
}
