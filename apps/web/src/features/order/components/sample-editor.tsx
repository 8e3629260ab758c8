import { RADIOACTIVE_REFUSED, SAMPLE_FORMS, SAMPLE_HAZARDS, sampleInput, type SampleForm, type SampleHazard } from '@yance/contracts/order';
import { COUNT_MAX } from '@yance/contracts/money';
import { Alert, Button, Checkbox, Input, InputNumber, Radio } from 'antd';
import { useId } from 'react';
import { labelMark } from '@/lib/form-validation.ts';
import type { SampleDraft, SampleErrors } from '../utils/order-form.ts';
import styles from './order-form.module.css';

interface SampleEditorProps {
  index: number;
  sample: SampleDraft;
  /** Shown after the first try to send (a radioactive sample is refused at once). */
  errors: SampleErrors;
  showErrors: boolean;
  onChange: (next: SampleDraft) => void;
  onRemove?: () => void;
}

const FORM_OPTIONS = Object.entries(SAMPLE_FORMS).map(([value, label]) => ({ value, label }));
const HAZARD_OPTIONS = Object.entries(SAMPLE_HAZARDS).map(([value, label]) => ({ value, label }));
/** A label's class: the required mark where submitting needs the field (the server's sampleInput). */
const labelOf = (field: keyof typeof sampleInput.shape) => [styles.label, labelMark(sampleInput.shape[field])].filter(Boolean).join(' ');

/** One sample of a line: name, count, form, hazards, test requirements, whether it comes back. */
export function SampleEditor({ index, sample, errors, showErrors, onChange, onRemove }: SampleEditorProps) {
  const id = useId();
  const err = (field: keyof SampleDraft) => (showErrors ? errors[field] : undefined);
  const radioactive = sample.hazards.includes('radioactive');
  const described = (field: keyof SampleDraft) => (err(field) ? `${id}-${field}-err` : undefined);
  const message = (field: keyof SampleDraft) =>
    err(field) ? (
      <p className={styles.error} id={`${id}-${field}-err`}>
        {err(field)}
      </p>
    ) : null;
  return (
    <fieldset className={styles.sample} data-testid="sample">
      <legend className={styles.sampleTitle}>
        样品 {index + 1}
        {onRemove && (
          <Button type="link" size="small" danger onClick={onRemove}>
            删除
          </Button>
        )}
      </legend>
      <div className={styles.fields}>
        <label className={styles.field}>
          <span className={labelOf('name')}>样品名称</span>
          <Input
            value={sample.name}
            maxLength={64}
            placeholder="如：TiO2 粉末"
            status={err('name') ? 'error' : undefined}
            aria-invalid={!!err('name')}
            aria-describedby={described('name')}
            onChange={(e) => onChange({ ...sample, name: e.target.value })}
          />
          {message('name')}
        </label>
        <label className={styles.field}>
          <span className={labelOf('count')}>样品数量</span>
          <InputNumber
            min={1}
            max={COUNT_MAX}
            precision={0}
            value={sample.count}
            status={err('count') ? 'error' : undefined}
            aria-invalid={!!err('count')}
            aria-describedby={described('count')}
            onChange={(n) => onChange({ ...sample, count: typeof n === 'number' ? n : 0 })}
            style={{ width: '100%' }}
          />
          {message('count')}
        </label>
      </div>
      <div className={styles.field} role="group" aria-labelledby={`${id}-form`}>
        <span className={labelOf('form')} id={`${id}-form`}>
          样品形态
        </span>
        <Radio.Group
          options={FORM_OPTIONS}
          value={sample.form}
          onChange={(e) => onChange({ ...sample, form: e.target.value as SampleForm })}
          aria-invalid={!!err('form')}
          aria-describedby={described('form')}
        />
        {message('form')}
      </div>
      <div className={styles.field} role="group" aria-labelledby={`${id}-hz`}>
        <span className={labelOf('hazards')} id={`${id}-hz`}>
          危险特性
        </span>
        <Checkbox.Group
          options={HAZARD_OPTIONS}
          value={sample.hazards}
          onChange={(v) => onChange({ ...sample, hazards: v as SampleHazard[] })}
        />
        {radioactive && <Alert type="error" showIcon title={RADIOACTIVE_REFUSED} className={styles.refused} />}
      </div>
      <label className={styles.field}>
        <span className={labelOf('requirement')}>测试要求</span>
        <Input.TextArea
          value={sample.requirement}
          maxLength={500}
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder="测试条件、参数、需要的数据格式等（选填）"
          status={err('requirement') ? 'error' : undefined}
          onChange={(e) => onChange({ ...sample, requirement: e.target.value })}
        />
        {message('requirement')}
      </label>
      <div className={styles.field} role="group" aria-labelledby={`${id}-back`}>
        <span className={labelOf('returnSample')} id={`${id}-back`}>
          测试后样品
        </span>
        <Radio.Group
          value={sample.returnSample}
          onChange={(e) => onChange({ ...sample, returnSample: e.target.value as boolean })}
          options={[
            { value: false, label: '不退还（保存3个月后销毁）' },
            { value: true, label: '退还' },
          ]}
        />
      </div>
    </fieldset>
  );
}
