import type { PrestoreInfo } from '@yance/contracts/prestore';
import { bonusOf } from '@yance/contracts/money-settings';
import { formatFen, yuanToFen } from '@yance/browser/format';
import { InputNumber } from 'antd';
import { QUICK_AMOUNTS_FEN, formatYuan } from '../utils/money-view.ts';
import styles from './money.module.css';

interface AmountFieldProps {
  /** Yuan as typed (antd Form's value). */
  value?: number | null;
  onChange?: (yuan: number | null) => void;
  info: PrestoreInfo;
  id?: string;
  /** Quick picks above the box (online top-ups); a transfer types its exact amount. */
  picks?: boolean;
}

/**
 * 充值金额: the quick picks (each with its bonus), a box for any other amount,
 * and the bonus of what is typed, computed as the server will (contracts' bonusOf).
 */
export function AmountField({ value, onChange, info, id, picks = true }: AmountFieldProps) {
  const fen = yuanToFen(value);
  const bonus = fen === null ? 0 : bonusOf(fen, info.bonusTiers);
  return (
    <div>
      {picks && (
        <div className={styles.picks} role="group" aria-label="快捷金额">
          {QUICK_AMOUNTS_FEN.map((p) => {
            const b = bonusOf(p, info.bonusTiers);
            return (
              <button key={p} type="button" className={styles.pick} aria-pressed={fen === p} onClick={() => onChange?.(p / 100)}>
                <span className={styles.pickAmount}>{formatYuan(p)}</span>
                <span className={styles.pickBonus}>{b > 0 ? `送 ${formatYuan(b)}` : '\u00a0'}</span>
              </button>
            );
          })}
        </div>
      )}
      <InputNumber
        id={id}
        value={value ?? null}
        onChange={(v) => onChange?.(typeof v === 'number' ? v : null)}
        min={0}
        max={10_000_000}
        precision={2}
        step={100}
        prefix="¥"
        placeholder={picks ? `其他金额，最低 ${formatYuan(info.minFen)}` : `转账金额，最低 ${formatYuan(info.minFen)}`}
        style={{ width: '100%' }}
        size="large"
      />
      <p className={styles.bonusLine} aria-live="polite">
        {fen !== null && fen >= info.minFen ? (
          bonus > 0 ? (
            <>
              赠送 <strong>{formatFen(bonus)}</strong>，共到账 <strong>{formatFen(fen + bonus)}</strong>
            </>
          ) : (
            <>到账 {formatFen(fen)}</>
          )
        ) : (
          <>最低充值 {formatYuan(info.minFen)}</>
        )}
      </p>
    </div>
  );
}

/** antd Form rules for the amount: required, at least the minimum. */
export const amountRules = (info: PrestoreInfo, label = '充值金额') => [
  { required: true, message: `[${label}]不能为空` },
  {
    validator: (_: unknown, v: number | null | undefined) => {
      const fen = yuanToFen(v);
      return fen === null || fen >= info.minFen
        ? Promise.resolve()
        : Promise.reject(new Error(`[${label}]不能低于${formatFen(info.minFen)}`));
    },
  },
];
