import { Alert, Button, Card, Checkbox, DatePicker, Flex, Form, Input, Spin, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '@yance/browser/api-client';
import { SAMPLING_SLOT_KEYS, samplingSetting, type SamplingSetting } from '@yance/contracts/setting';
import { LoadError } from '@/components/load-error.tsx';
import { HistoryButton } from '@/components/history-button.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { dayjs } from '@/lib/time.ts';
import { SamplingCalendar } from './sampling-calendar.tsx';
import { closedSlotsOn, DEFAULT_SAMPLING, renameSlot, setClosedSlotsOn, toggleDay, WEEKDAYS } from './sampling-days.ts';
import { useSaveSetting, useSettings } from './use-settings.ts';

/** 取样设置: which dates, weekdays and time slots customers may book a pick-up for, and the hint they read. */
export default function SamplingPage() {
  const settings = useSettings();
  if (settings.isError) return <LoadError error={settings.error} retry={() => void settings.refetch()} />;
  if (settings.isPending) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return <SamplingForm stored={settings.data.samplingSetting} />;
}

const slotError = (key: (typeof SAMPLING_SLOT_KEYS)[number], v: string) => {
  const r = samplingSetting.shape[key].safeParse(v);
  return r.success ? undefined : r.error.issues[0]?.message;
};

function SamplingForm({ stored }: { stored: SamplingSetting | null }) {
  const [value, setValue] = useState<SamplingSetting>(stored ?? DEFAULT_SAMPLING);
  const [day, setDay] = useState<Dayjs | null>(null);
  const [error, setError] = useState('');
  const save = useSaveSetting((s: SamplingSetting) => call('settingSamplingSave', { body: { samplingSetting: s } }));
  const change = (next: SamplingSetting) => {
    setValue(next);
    setError('');
    save.reset();
  };
  const slots = SAMPLING_SLOT_KEYS.map((k) => value[k]);
  const dayKey = day?.format('YYYY-MM-DD');
  const submit = () => {
    const parsed = samplingSetting.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '[取样设置]格式不正确');
    save.mutate(parsed.data);
  };

  return (
    <>
      <PageTitle title="取样设置">
        <HistoryButton objectType="setting" objectId="samplingSetting" title="取样设置" />
      </PageTitle>
      {!stored && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="取样设置尚未保存，以下为默认值。" />}
      <Flex gap={16} wrap align="flex-start">
        <Card title="不可取样日期" style={{ flex: '1 1 320px', maxWidth: 420 }}>
          <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
            点击日期切换：可取样的日期设为不可取样，再点一次恢复；按星期关闭的日期点击后作为例外开放。
          </Typography.Paragraph>
          <SamplingCalendar value={value} onToggle={(d) => change(toggleDay(value, d))} />
        </Card>
        <Card title="星期与时段" style={{ flex: '1 1 360px' }}>
          <Form layout="vertical">
            <Form.Item label="每周不可取样">
              <Checkbox.Group
                options={WEEKDAYS}
                value={value.disabled_week}
                onChange={(days) => change({ ...value, disabled_week: [...days].sort() })}
              />
            </Form.Item>
            <Form.Item label="四个取样时段" required extra="格式 HH:MM-HH:MM；改名后，关闭该时段的设置随之更新">
              <Flex gap={8} wrap>
                {SAMPLING_SLOT_KEYS.map((k, i) => (
                  <Form.Item key={k} noStyle>
                    <Input
                      aria-label={`取样时段${i + 1}`}
                      value={value[k]}
                      status={slotError(k, value[k]) ? 'error' : undefined}
                      title={slotError(k, value[k])}
                      maxLength={11}
                      style={{ width: 116 }}
                      onChange={(e) => change(renameSlot(value, k, e.target.value.trim()))}
                    />
                  </Form.Item>
                ))}
              </Flex>
            </Form.Item>
            <Form.Item label="每天关闭的时段">
              <Checkbox.Group options={slots} value={value.disabled_time} onChange={(t) => change({ ...value, disabled_time: t })} />
            </Form.Item>
            <Form.Item label="按日关闭时段" extra="某一天只关闭部分时段：选日期，再勾选要关闭的时段">
              <Flex gap={8} wrap align="center">
                <DatePicker value={day} onChange={setDay} disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} aria-label="选择日期" />
                {dayKey && (
                  <Checkbox.Group
                    options={slots}
                    value={closedSlotsOn(value, dayKey)}
                    onChange={(t) => change(setClosedSlotsOn(value, dayKey, t))}
                  />
                )}
              </Flex>
              {value.disabled_date_time.length > 0 && (
                <Flex gap={6} wrap style={{ marginTop: 8 }}>
                  {value.disabled_date_time.map((x) => (
                    <Tag
                      key={`${x.date} ${x.time}`}
                      closable
                      onClose={() =>
                        change(
                          setClosedSlotsOn(
                            value,
                            x.date,
                            closedSlotsOn(value, x.date).filter((t) => t !== x.time),
                          ),
                        )
                      }
                    >
                      {x.date} {x.time}
                    </Tag>
                  ))}
                </Flex>
              )}
            </Form.Item>
            <Form.Item label="取样提示" extra="显示在客户预约上门取样的弹窗中">
              <Input.TextArea
                rows={3}
                maxLength={300}
                showCount
                value={value.WxTip1}
                onChange={(e) => change({ ...value, WxTip1: e.target.value })}
              />
            </Form.Item>
          </Form>
          <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
            不可取样日期 {value.disabled_date.length} 个，例外开放日期 {value.invalid_disabled_date.length} 个。
          </Typography.Paragraph>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Button type="primary" loading={save.isPending} onClick={submit}>
            保存
          </Button>
        </Card>
      </Flex>
    </>
  );
}
