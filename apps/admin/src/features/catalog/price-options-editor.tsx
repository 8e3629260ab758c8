import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, InputNumber, Typography } from 'antd';
import { FEN_MAX } from '@yance/contracts/money';
import { deviceInput } from '@yance/contracts/catalog-admin';
import { yuanToFen } from '@/lib/money.ts';

/** An option group as the form holds it: extra prices in yuan, as typed. */
export interface OptionValues {
  name?: string;
  choices?: { label?: string; extraYuan?: number | null }[];
}

/** The form's option groups → the contract's options (extra_fen in integer fen). */
export const optionsToContract = (options: OptionValues[] | undefined) =>
  (options ?? []).map((o) => ({
    name: o.name ?? '',
    choices: (o.choices ?? []).map((c) => ({ label: c.label ?? '', extra_fen: yuanToFen(c.extraYuan ?? 0) })),
  }));

/** Every group and choice checked with the contract's own rules (names, separators, counts, amounts). */
const optionsRule = {
  validator: async (_rule: unknown, value: OptionValues[] | undefined) => {
    const result = deviceInput.shape.options.safeParse(optionsToContract(value));
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
};

/**
 * 价格选项: option groups (e.g. 测试温度) each with its choices and the
 * price a choice adds to the unit price, typed in yuan.
 */
export function PriceOptionsEditor() {
  return (
    <Form.List name="options" rules={[optionsRule]}>
      {(groups, { add, remove }, { errors }) => (
        <Flex vertical gap={12}>
          {groups.map((group, gi) => (
            <Card
              key={group.key}
              size="small"
              title={
                <Form.Item name={[group.name, 'name']} noStyle>
                  <Input placeholder="选项名称，如 测试温度" maxLength={20} style={{ maxWidth: 260 }} aria-label={`选项${gi + 1}名称`} />
                </Form.Item>
              }
              extra={
                <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(group.name)} aria-label={`删除选项${gi + 1}`}>
                  删除
                </Button>
              }
            >
              <Form.List name={[group.name, 'choices']}>
                {(choices, choiceOps) => (
                  <Flex vertical gap={8}>
                    {choices.map((choice, ci) => (
                      <Flex key={choice.key} gap={8} align="center">
                        <Form.Item name={[choice.name, 'label']} noStyle>
                          <Input
                            placeholder="选择，如 室温"
                            maxLength={30}
                            style={{ width: 180 }}
                            aria-label={`选项${gi + 1}的选择${ci + 1}`}
                          />
                        </Form.Item>
                        <Form.Item name={[choice.name, 'extraYuan']} noStyle>
                          <InputNumber
                            min={0}
                            max={FEN_MAX / 100}
                            precision={2}
                            prefix="+¥"
                            placeholder="加价"
                            style={{ width: 130 }}
                            aria-label={`选项${gi + 1}的选择${ci + 1}加价（元）`}
                          />
                        </Form.Item>
                        <Button
                          type="text"
                          icon={<DeleteOutlined />}
                          onClick={() => choiceOps.remove(choice.name)}
                          aria-label="删除这个选择"
                        />
                      </Flex>
                    ))}
                    <Button
                      type="dashed"
                      size="small"
                      icon={<PlusOutlined />}
                      onClick={() => choiceOps.add({ label: '', extraYuan: 0 })}
                      style={{ alignSelf: 'flex-start' }}
                    >
                      添加选择
                    </Button>
                  </Flex>
                )}
              </Form.List>
            </Card>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ name: '', choices: [{ label: '', extraYuan: 0 }] })}
            disabled={groups.length >= 10}
            style={{ alignSelf: 'flex-start' }}
          >
            添加价格选项
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            顾客下单时每个选项选一个，单价加上所选的加价。最多 10 个选项。
          </Typography.Text>
          <Form.ErrorList errors={errors} />
        </Flex>
      )}
    </Form.List>
  );
}
