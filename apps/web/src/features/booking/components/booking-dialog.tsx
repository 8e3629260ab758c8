import {
  bookingAmount,
  bookingError,
  bookingLengths,
  lengthText,
  minuteText,
  parseMinute,
  SLOT_MINUTES,
  WEEKDAY_NAMES,
  weekdayOf,
} from '@yance/contracts/booking-rules';
import type { ReservationDay } from '@yance/contracts/booking';
import { formatFen, formatUnitPrice } from '@yance/browser/format';
import { Alert, Button, Input, Modal, Result, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useAddReservation, useReservationDay } from '../api/reservation.ts';
import { AttestationHint } from '@/components/attestation-hint.tsx';
import { failureText } from '@/lib/failure-text.ts';
import styles from './booking.module.css';

interface BookingDialogProps {
  rid: string;
  attested: boolean;
  onAttest: () => void;
  onClose: () => void;
}

const SLOT_WORDS = { taken: '已约', closed: '已截止', free: '' } as const;
/** 11/23 and 周一 of a date. */
const dayWords = (date: string) => [`${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`, WEEKDAY_NAMES[weekdayOf(date)]] as const;

/** The length chosen before, kept if the instrument allows it; else an hour, else its shortest. */
const keepLength = (d: ReservationDay, minutes: number | undefined) => {
  const lengths = bookingLengths(d.schedule);
  if (minutes !== undefined && lengths.includes(minutes)) return minutes;
  return lengths.includes(60) ? 60 : (lengths[0] ?? SLOT_MINUTES);
};

/**
 * 预约上机 (issue 9 "On-site booking"): the instrument's bookable days, the
 * day's half-hour slots (taken ones disabled), the length, the price, and the
 * same rules the server runs (booking-rules.ts) before anything is sent.
 */
export function BookingDialog({ rid, attested, onAttest, onClose }: BookingDialogProps) {
  const [date, setDate] = useState<string>();
  const [start, setStart] = useState<string>();
  const [minutes, setMinutes] = useState<number>();
  const [remark, setRemark] = useState('');
  // The modal closes itself (with its animation) and tells the page afterwards.
  const [shown, setShown] = useState(true);
  const close = () => setShown(false);
  const day = useReservationDay(rid, date);
  const add = useAddReservation(rid);
  const d = day.data;

  if (add.isSuccess)
    return (
      <Modal open={shown} title="预约上机" footer={null} onCancel={close} afterClose={onClose} destroyOnHidden width={640}>
        <Result
          status="success"
          title="预约成功"
          subTitle={`${add.data.name} ${add.data.date} ${add.data.start}–${add.data.end}`}
          extra={[
            <Link key="list" className="btn-primary" to={paths.member('reservation')}>
              查看我的预约
            </Link>,
            <Button key="close" onClick={close}>
              关闭
            </Button>,
          ]}
        />
      </Modal>
    );

  const length = d ? keepLength(d, minutes) : SLOT_MINUTES;
  const taken = new Set(d?.slots.filter((s) => s.state === 'taken').map((s) => parseMinute(s.start)));
  const begin = start === undefined ? NaN : parseMinute(start);
  const problem = d && start ? bookingError({ date: d.date, start: begin, minutes: length }, new Date(d.now), d.schedule, taken) : null;
  const amount = d ? bookingAmount(d.unit_fen, d.unit, length) : null;
  const pickDate = (next: string) => {
    setDate(next);
    setStart(undefined);
    add.reset();
  };
  const submit = () => {
    if (!d || !start || problem) return;
    add.mutate({ rid, date: d.date, start, minutes: length, remark: remark.trim() });
  };

  return (
    <Modal
      open={shown}
      title={d ? `预约上机 · ${d.name}` : '预约上机'}
      onCancel={close}
      afterClose={onClose}
      destroyOnHidden
      width={640}
      footer={
        <div className={styles.row}>
          <span className={styles.price} data-testid="booking-price">
            {d &&
              (amount === null ? (
                '价格待实验室报价'
              ) : (
                <>
                  {lengthText(length)} <strong>{formatFen(amount)}</strong>
                </>
              ))}
          </span>
          <Button onClick={close}>取消</Button>
          <Button type="primary" onClick={submit} loading={add.isPending} disabled={!d || !start || !!problem || !attested}>
            确认预约
          </Button>
        </div>
      }
    >
      {day.isError ? (
        <Alert type="error" showIcon title={day.error.message} />
      ) : !d ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !d.schedule.enabled || d.dates.length === 0 ? (
        <Alert type="info" showIcon title="该仪器暂未开放预约，请联系实验室" />
      ) : (
        <div className={styles.form}>
          {!attested && <AttestationHint onAttest={onAttest} />}
          <div>
            {/* The date, the start and the length are what reservationAdd requires: marked; 备注 is not. */}
            <div className={`${styles.label} required-mark`}>
              选择日期 · {formatUnitPrice(d.unit_fen, d.unit)}
              {d.instrument && ` · ${d.instrument}`}
            </div>
            <div className={styles.dates} role="group" aria-label="预约日期">
              {d.dates.map((x) => {
                const [md, wd] = dayWords(x);
                return (
                  <button
                    key={x}
                    type="button"
                    className={styles.date}
                    aria-pressed={x === d.date}
                    onClick={() => pickDate(x)}
                    data-date={x}
                  >
                    {md}
                    <small>{wd}</small>
                  </button>
                );
              })}
            </div>
          </div>
          <div>
            <div className={`${styles.label} required-mark`}>选择开始时间（每格半小时，灰色为已约或已截止）</div>
            <div className={styles.slots} role="group" aria-label="开始时间">
              {d.slots.map((s) => {
                const m = parseMinute(s.start);
                const inRange = start !== undefined && m > begin && m < begin + length;
                return (
                  <button
                    key={s.start}
                    type="button"
                    className={`${styles.slot} ${inRange ? styles.inRange : ''}`}
                    disabled={s.state !== 'free'}
                    aria-pressed={s.start === start}
                    aria-label={`${s.start}${SLOT_WORDS[s.state] ? ` ${SLOT_WORDS[s.state]}` : ''}`}
                    data-state={s.state}
                    onClick={() => {
                      setStart(s.start);
                      add.reset();
                    }}
                  >
                    {s.start}
                    {SLOT_WORDS[s.state] && <small>{SLOT_WORDS[s.state]}</small>}
                  </button>
                );
              })}
              {d.slots.length === 0 && <span className={styles.rules}>当天不开放</span>}
            </div>
          </div>
          <div className={styles.row}>
            <label className={styles.row}>
              <span className={`${styles.label} required-mark`} style={{ margin: 0 }}>
                时长
              </span>
              <Select
                aria-label="预约时长"
                value={length}
                onChange={(v) => {
                  setMinutes(v);
                  add.reset();
                }}
                style={{ width: 120 }}
                options={bookingLengths(d.schedule).map((m) => ({ value: m, label: lengthText(m) }))}
              />
            </label>
            {start && (
              <span className={styles.when}>
                {d.date} {start}–{minuteText(begin + length)}
              </span>
            )}
          </div>
          <Input.TextArea
            aria-label="备注"
            placeholder="备注（选填）：样品、需要的附件等"
            value={remark}
            maxLength={200}
            autoSize={{ minRows: 1, maxRows: 3 }}
            onChange={(e) => setRemark(e.target.value)}
          />
          <p className={styles.rules}>
            可预约未来{d.schedule.horizonDays}天；须提前{d.schedule.bookHoursBefore}小时预约；
            {d.schedule.sameDayCancel ? '' : '预约当天不能自行取消；'}
            {d.schedule.cancelHoursBefore > 0 ? `开始前${d.schedule.cancelHoursBefore}小时内不能取消；` : ''}多次爽约将暂停预约资格。
          </p>
          {problem && (
            <p className={styles.error} role="alert" data-testid="booking-problem">
              {problem}
            </p>
          )}
          {/* One message: once the dialog names the problem itself (the slot just taken), the refusal is not said again. */}
          {add.isError && !problem && <Alert type="error" showIcon title={failureText(add.error)} data-testid="booking-failure" />}
        </div>
      )}
    </Modal>
  );
}
