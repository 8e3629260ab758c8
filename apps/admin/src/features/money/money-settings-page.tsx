import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { Alert, App, Button, Card, Flex, Form, Input, InputNumber, Spin, Typography, type FormItemProps } from 'antd';
import { call } from '@yance/browser/api-client';
import { PRESTORE_BONUS_NOTE } from '@yance/contracts/ledger';
import { BONUS_PERCENT_MAX, bonusTier, moneySettings, type MoneySettings } from '@yance/contracts/money-settings';
import { FEN_MAX } from '@yance/contracts/money';
import { HistoryButton } from '@/components/history-button.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { holds, useMe } from '@/lib/me.ts';
import { yuanToFen } from '@/lib/money.ts';
import { fieldOf } from '@/lib/zod-form.ts';
import {
  parseSettings,
  tiersProblem,
  valuesOf,
  type SettingsValues,
  type StoredSettings,
  type TierValues,
} from './money-settings-values.ts';

const KEY = ['adminMoneySettings'] as const;

/** A field the form holds otherwise than the contract (yuan, or an empty number), checked by that field's own schema. */
function checked(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  convert: (v: unknown) => unknown = (v) => v ?? '',
) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = schema.safeParse(convert(value));
      if (!result.success) throw new Error(result.error?.issues[0]?.message);
    },
  };
}
const required: Pick<FormItemProps, 'required'> = { required: true };

/** 赠送档位: 满 X 元 送 Y%, each field checked by the tier's schema, the list by the contract's order rule. */
function TiersEditor({ disabled }: { disabled: boolean }) {
  return (
    <Form.List
      name="bonusTiers"
      rules={[
        {
          validator: async (_rule: unknown, tiers: TierValues[] | undefined) => {
            const problem = tiersProblem(tiers);
            if (problem) throw new Error(problem);
          },
        },
      ]}
    >
      {(rows, { add, remove }, { errors }) => (
        <Flex vertical gap={8}>
          {rows.map((row, i) => (
            <Flex key={row.key} gap={8} align="baseline" wrap>
              <span>满</span>
              <Form.Item name={[row.name, 'minYuan']} rules={[checked(bonusTier.shape.minFen, yuanToFen)]} style={{ marginBottom: 0 }}>
                <InputNumber
                  min={0}
                  max={FEN_MAX / 100}
                  precision={2}
                  prefix="¥"
                  style={{ width: 124 }}
                  disabled={disabled}
                  aria-label={`档位${i + 1}金额（元）`}
                />
              </Form.Item>
              <span>送</span>
              <Form.Item name={[row.name, 'percent']} rules={[checked(bonusTier.shape.percent)]} style={{ marginBottom: 0 }}>
                <InputNumber
                  min={0}
                  max={BONUS_PERCENT_MAX}
                  precision={0}
                  suffix="%"
                  style={{ width: 76 }}
                  disabled={disabled}
                  aria-label={`档位${i + 1}赠送比例`}
                />
              </Form.Item>
              {!disabled && (
                <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(row.name)} aria-label={`删除档位${i + 1}`} />
              )}
            </Flex>
          ))}
          {rows.length === 0 && <Typography.Text type="secondary">不设赠送档位：充值不赠送</Typography.Text>}
          {!disabled && (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ minYuan: null, percent: null })}
              disabled={rows.length >= 10}
              style={{ alignSelf: 'flex-start' }}
            >
              添加档位
            </Button>
          )}
          <Form.ErrorList errors={errors} />
        </Flex>
      )}
    </Form.List>
  );
}

function SettingsForm({ stored, canSave }: { stored: StoredSettings; canSave: boolean }) {
  const { message } = App.useApp();
  const queries = useQueryClient();
  const [form] = Form.useForm();
  const save = useWrite({
    mutationFn: (body: MoneySettings) => call('adminMoneySettingsSave', { body }),
    onSuccess: (data) => {
      void message.success('设置已保存');
      queries.setQueryData(KEY, data);
      form.setFieldsValue(valuesOf(data));
      void queries.invalidateQueries({ queryKey: ['auditList'] });
    },
  });
  const submit = async () => {
    const values = (await form.validateFields()) as SettingsValues;
    const parsed = parseSettings(values);
    if (!parsed.ok) return form.setFields(parsed.errors.map((e) => ({ name: e.name, errors: [e.message] })));
    save.mutate(parsed.body);
  };
  const f = (name: keyof typeof moneySettings.shape & string) => fieldOf(moneySettings, name);
  return (
    <Form form={form} layout="vertical" initialValues={valuesOf(stored)} disabled={!canSave} onValuesChange={() => save.reset()}>
      <Card title="预存充值" size="small" style={{ marginBottom: 16 }}>
        <Form.Item
          label="最低预存金额（元）"
          name="prestoreMinYuan"
          rules={[checked(moneySettings.shape.prestoreMinFen, yuanToFen)]}
          extra="客户单笔充值不能低于这个金额"
          {...required}
        >
          <InputNumber min={0} max={FEN_MAX / 100} precision={2} prefix="¥" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          label="赠送档位"
          extra={`充值达到某一档位，按该档比例赠送（取达到的最高一档，赠送金额向下取整到分）。${PRESTORE_BONUS_NOTE}`}
        >
          <TiersEditor disabled={!canSave} />
        </Form.Item>
      </Card>
      <Card title="对公转账账户" size="small" style={{ marginBottom: 16 }}>
        <Form.Item label="开户银行" {...f('bankName')} extra="客户充值页与订单付款页显示的收款账户；户名为「设置 › 联系方式」中的公司名称">
          <Input maxLength={60} style={{ maxWidth: 420 }} />
        </Form.Item>
        <Form.Item label="银行账号" {...f('bankAccount')}>
          <Input maxLength={40} style={{ maxWidth: 420 }} />
        </Form.Item>
      </Card>
      <Card title="结算与支付" size="small" style={{ marginBottom: 16 }}>
        <Form.Item
          label="结算期限（天）"
          name="settleDueDays"
          rules={[checked(moneySettings.shape.settleDueDays)]}
          extra="高校、个人客户的订单进入待结算后，超过这个天数未结算即为欠款中"
          {...required}
        >
          <InputNumber min={1} max={365} precision={0} suffix="天" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          label="欠款提醒间隔（天）"
          name="overdueRemindDays"
          rules={[checked(moneySettings.shape.overdueRemindDays)]}
          extra="订单进入欠款中后，每隔这个天数再发一次站内信和短信提醒结算；0 为只在进入欠款中时提醒一次"
          {...required}
        >
          <InputNumber min={0} max={90} precision={0} suffix="天" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          label="支付有效期（分钟）"
          name="tradeMinutes"
          rules={[checked(moneySettings.shape.tradeMinutes)]}
          extra="在线支付的充值单超过这个时间未支付即关闭"
          {...required}
        >
          <InputNumber min={5} max={24 * 60} precision={0} suffix="分钟" style={{ width: 160 }} />
        </Form.Item>
      </Card>
      {canSave && (
        <Button type="primary" disabled={false} loading={save.isPending} onClick={() => void submit().catch(() => {})}>
          保存
        </Button>
      )}
    </Form>
  );
}

/** 资金设置 (/money/settings): the prestore minimum and bonus tiers, the bank account, the settlement term and the trade window. */
export default function MoneySettingsPage() {
  const { data: me } = useMe();
  const settings = useQuery({ queryKey: KEY, queryFn: () => call('adminMoneySettings', {}, { feedback: false }) });
  const canSave = holds(me, 'prestore.confirm');
  return (
    <>
      <PageTitle title="资金设置">
        <HistoryButton objectType="setting" objectId="money" title="资金设置" />
      </PageTitle>
      {settings.isError ? (
        <LoadError error={settings.error} retry={() => void settings.refetch()} />
      ) : settings.isPending ? (
        <Spin style={{ display: 'block', margin: '80px auto' }} />
      ) : (
        <div style={{ maxWidth: 720 }}>
          {!canSave && <Alert type="info" showIcon style={{ marginBottom: 16 }} title="你可以查看资金设置；修改需要财务权限。" />}
          <SettingsForm stored={settings.data} canSave={canSave} />
        </div>
      )}
    </>
  );
}
