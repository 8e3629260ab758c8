import type { PriceUnit } from '@yance/contracts/catalog';
import { COUNT_MAX, priceOf, type Choices, type Priced } from '@yance/contracts/money';
import { InputNumber, Radio } from 'antd';
import { formatFen, unitLabel } from '@/lib/format.ts';
import styles from './price-calculator.module.css';

export interface PriceSelection {
  /** The chosen label of each option, by option name (what an order line carries). */
  choices: Choices;
  quantity: number;
}

interface PriceCalculatorProps {
  item: Priced & { unit: PriceUnit };
  value: PriceSelection;
  onChange: (next: PriceSelection) => void;
}

/** Option radio groups and a quantity that update the shown unit price and estimate (priceOf, ADR 0012). */
export function PriceCalculator({ item, value, onChange }: PriceCalculatorProps) {
  const unitFen = priceOf(item, value.choices, 1);
  const basePriceFen = item.price_fen;
  const label = unitLabel(item.unit);
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
      {item.options.map((opt) => (
        <div key={opt.name} className={styles.row}>
          <span className={styles.caption}>{opt.name}</span>
          <Radio.Group
            className={styles.choices}
            optionType="button"
            value={value.choices[opt.name] ?? opt.choices[0]?.label}
            onChange={(e) => onChange({ ...value, choices: { ...value.choices, [opt.name]: String(e.target.value) } })}
            options={opt.choices.map((c) => ({
              value: c.label,
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
            max={COUNT_MAX}
            precision={0}
            value={value.quantity}
            onChange={(q) => onChange({ ...value, quantity: Math.min(COUNT_MAX, Math.max(1, Math.floor(q ?? 1))) })}
            aria-label={`数量（${label}）`}
          />
          <span className={styles.unit}>{label}</span>
        </div>
      </div>
      <div className={styles.total}>
        <span>预估费用</span>
        <strong>{formatFen(priceOf(item, value.choices, value.quantity))}</strong>
        <small>最终以实验方案结算为准</small>
      </div>
    </div>
  );
}
