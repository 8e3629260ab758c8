import type { PlanLine } from '@yance/contracts/order';
import { CUSTOM_TYPE_ID } from '@yance/contracts/order';
import { COUNT_MAX } from '@yance/contracts/money';
import { Checkbox, InputNumber, Select, Tag } from 'antd';
import { Link } from 'react-router';
import { CoverImage } from '@/components/cover-image.tsx';
import { paths } from '@/config/paths.ts';
import { formatFen, formatTurnaround, unitLabel } from '@yance/browser/format';
import { estimateText } from '@yance/contracts/turnaround';
import { BOOKING_TIME_TEXT, needsOf } from '@yance/contracts/line-kinds';
import { chosenLabel, lineAmount, lineUnitPrice, type LineEdit } from '../utils/plan-lines.ts';
import { formatAmount } from '@/lib/format.ts';
import styles from './plan-view.module.css';

interface PlanLineRowProps {
  line: PlanLine;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onChange: (next: LineEdit) => void;
}

/** One plan line: tick, picture, name, its options (changeable), count and live price; an off-shelf line only shows. */
export function PlanLineRow({ line, selected, onSelect, onChange }: PlanLineRowProps) {
  const unit = unitLabel(line.unit);
  const unitPrice = lineUnitPrice(line);
  const off = !line.available;
  // 定制项目 come from a quote and have no catalogue page.
  const name =
    line.type_id === CUSTOM_TYPE_ID ? (
      <span className={styles.name}>{line.name}</span>
    ) : (
      <Link className={styles.name} to={paths.detail(line.rid)}>
        {line.name}
      </Link>
    );
  return (
    <li className={off ? `${styles.line} ${styles.off}` : styles.line} data-testid="plan-line" data-rid={line.rid}>
      <Checkbox
        className={styles.tick}
        checked={selected}
        disabled={off}
        onChange={(e) => onSelect(e.target.checked)}
        aria-label={`选择${line.name}`}
      />
      <CoverImage src={line.img} alt={line.name} ratio="4 / 3" className={styles.img} sizes="96px" maxWidth={192} />
      <div className={styles.body}>
        <div className={styles.nameRow}>
          {name}
          {off && <Tag color="default">已下架</Tag>}
        </div>
        <p className={styles.meta}>
          单价 {unitPrice === null ? '待报价' : `${formatFen(unitPrice)}/${unit}`} ·{' '}
          {needsOf(line.type_id).turnaround ? (
            <span title={`项目周期${formatTurnaround(line.turnaround_days)}，按当前排队样品数与日检测量估算`} data-testid="plan-estimate">
              {estimateText(line.estimate_days)}
            </span>
          ) : (
            // A 现场预约 line (put here before such items were booked only): booked on its page, never ordered.
            <span data-testid="plan-booking">
              {BOOKING_TIME_TEXT} · <Link to={paths.detail(line.rid)}>去预约上机</Link>
            </span>
          )}
        </p>
        {line.options.length > 0 && (
          <div className={styles.options}>
            {line.options.map((o) => (
              <label key={o.name} className={styles.option}>
                <span>{o.name}</span>
                <Select
                  size="small"
                  value={chosenLabel(line, o.name)}
                  disabled={off}
                  popupMatchSelectWidth={false}
                  onChange={(label: string) => onChange({ choices: { ...line.choices, [o.name]: label } })}
                  options={o.choices.map((c) => ({
                    value: c.label,
                    label: c.extra_fen ? `${c.label}（+${formatFen(c.extra_fen)}）` : c.label,
                  }))}
                  aria-label={o.name}
                />
              </label>
            ))}
          </div>
        )}
      </div>
      <div className={styles.qty}>
        <InputNumber
          mode="spinner"
          min={1}
          max={COUNT_MAX}
          precision={0}
          value={line.count}
          disabled={off}
          onChange={(n) => {
            if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= COUNT_MAX && n !== line.count) onChange({ count: n });
          }}
          aria-label={`${line.name}数量`}
          className={styles.stepper}
        />
        <span className={styles.unit}>{unit}</span>
      </div>
      <strong className={styles.amount} data-testid="line-amount">
        {formatAmount(lineAmount(line))}
      </strong>
    </li>
  );
}
