import type { PriceUnit } from '@yance/contracts/catalog';
import { COUNT_MAX, priceOf, type Choices, type Priced } from '@yance/contracts/money';
import { useId, useState } from 'react';
import { formatFen, unitLabel } from '@yance/browser/format';
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
  const id = useId();
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
      {item.options.map((opt, i) => {
        const chosen = value.choices[opt.name] ?? opt.choices[0]?.label;
        return (
          <div key={opt.name} className={styles.row}>
            <span className={styles.caption} id={`${id}-o${i}`}>
              {opt.name}
            </span>
            <div className={styles.choices} role="radiogroup" aria-labelledby={`${id}-o${i}`}>
              {opt.choices.map((c) => (
                <label key={c.label} className={c.label === chosen ? `${styles.choice} ${styles.chosen}` : styles.choice}>
                  <input
                    type="radio"
                    className="visually-hidden"
                    name={`${id}-o${i}`}
                    value={c.label}
                    checked={c.label === chosen}
                    onChange={() => onChange({ ...value, choices: { ...value.choices, [opt.name]: c.label } })}
                  />
                  {c.extra_fen ? `${c.label}（+${formatFen(c.extra_fen)}）` : c.label}
                </label>
              ))}
            </div>
          </div>
        );
      })}
      <div className={styles.row}>
        <span className={styles.caption}>数量</span>
        <div className={styles.qty}>
          <QuantityStepper value={value.quantity} label={`数量（${label}）`} onChange={(quantity) => onChange({ ...value, quantity })} />
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

const clampCount = (n: number) => Math.min(COUNT_MAX, Math.max(1, Math.floor(n)));

/**
 * − [n] +: a whole number from 1 to COUNT_MAX. What is typed shows as typed;
 * each whole number in range counts at once, and leaving the box puts back
 * the count in force (an empty or out-of-range entry never reaches the price).
 */
function QuantityStepper({ value, label, onChange }: { value: number; label: string; onChange: (n: number) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <span className={styles.stepper}>
      <button type="button" aria-label="减少" disabled={value <= 1} onClick={() => onChange(clampCount(value - 1))}>
        −
      </button>
      <input
        type="text"
        inputMode="numeric"
        role="spinbutton"
        aria-label={label}
        aria-valuemin={1}
        aria-valuemax={COUNT_MAX}
        aria-valuenow={value}
        value={draft ?? String(value)}
        onChange={(e) => {
          const text = e.target.value.replace(/\D/g, '').slice(0, String(COUNT_MAX).length);
          setDraft(text);
          if (text !== '' && Number(text) >= 1) onChange(clampCount(Number(text)));
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
            e.preventDefault();
            setDraft(null);
            onChange(clampCount(value + (e.key === 'ArrowUp' ? 1 : -1)));
          }
        }}
        onBlur={() => setDraft(null)}
      />
      <button type="button" aria-label="增加" disabled={value >= COUNT_MAX} onClick={() => onChange(clampCount(value + 1))}>
        +
      </button>
    </span>
  );
}
