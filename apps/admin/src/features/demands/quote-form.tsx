import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { App, Button, Card, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { call } from '@yance/browser/api-client';
import {
  demandQuoteBody,
  QUOTE_LINES_MAX,
  QUOTE_VALID_DAYS_MAX,
  type AdminDemandDetail,
  type DemandQuoteBody,
} from '@yance/contracts/demand';
import { COUNT_MAX, FEN_MAX, PRICE_UNITS, type PriceUnit } from '@yance/contracts/money';
import { fenToYuan, yuanToFen } from '@/lib/money.ts';
import { dayjs } from '@/lib/time.ts';
import { demandKey } from './demand-labels.tsx';

const UNIT_OPTIONS = Object.entries(PRICE_UNITS).map(([value, label]) => ({ value, label }));

interface LineValues {
  name?: string;
  description?: string;
  price?: number | null;
  unit?: PriceUnit;
  count?: number | null;
  turnaround_days?: number | null;
}
interface QuoteValues {
  lines: LineValues[];
  valid_until?: Dayjs | null;
  note?: string;
}

const line = demandQuoteBody.shape.lines.element.shape;
/** One field checked with its contract rule (the server's own message). */
const ruleOf = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  map = (v: unknown) => v,
) => ({
  validator: async (_rule: unknown, value: unknown) => {
    const r = schema.safeParse(map(value ?? ''));
    if (!r.success) throw new Error(r.error?.issues[0]?.message);
  },
});

const emptyLine: LineValues = { unit: 'job', count: 1, turnaround_days: 7 };

/**
 * 报价: lines (name, description, unit price in yuan, unit, count, turnaround)
 * and the validity date. Prices go to the server as integer fen; the state the
 * manager saw goes as `expect` (a demand accepted meanwhile answers 409).
 */
export function QuoteForm({ demand, onDone }: { demand: AdminDemandDetail; onDone: () => void }) {
  const [form] = Form.useForm<QuoteValues>();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const save = useWrite({
    mutationFn: (body: DemandQuoteBody, idempotencyKey) => call('adminDemandQuote', { body: { ...body, idempotencyKey } }),
    onSuccess: (d) => {
      void message.success('报价已发送');
      queries.setQueryData(demandKey(demand.id), d);
      void queries.invalidateQueries({ queryKey: ['adminDemandList'] });
      onDone();
    },
    onError: () => void queries.invalidateQueries({ queryKey: demandKey(demand.id) }),
  });

  const initialValues: QuoteValues = {
    lines: demand.lines.length
      ? demand.lines.map((l) => ({ ...l, price: fenToYuan(l.unit_fen) }))
      : [{ ...emptyLine, name: demand.title.slice(0, 64) }],
    valid_until: demand.valid_until && demand.state === 'quoted' ? dayjs(demand.valid_until) : dayjs().add(30, 'day'),
    note: demand.quote_note,
  };

  const submit = async () => {
    const v = await form.validateFields();
    const body = demandQuoteBody.safeParse({
      id: demand.id,
      expect: demand.state,
      lines: v.lines.map((l) => ({
        name: l.name?.trim() ?? '',
        description: l.description?.trim() ?? '',
        unit_fen: yuanToFen(l.price),
        unit: l.unit,
        count: l.count,
        turnaround_days: l.turnaround_days,
      })),
      valid_until: v.valid_until ? v.valid_until.format('YYYY-MM-DD') : '',
      note: v.note?.trim() ?? '',
    });
    if (!body.success) return void message.error(body.error.issues[0]?.message);
    save.mutate(body.data);
  };

  return (
    <Form form={form} layout="vertical" initialValues={initialValues} data-testid="quote-form">
      <Form.List name="lines">
        {(fields, { add, remove }) => (
          <Space orientation="vertical" size={12} style={{ width: '100%', marginBottom: 12 }}>
            {fields.map((f, i) => (
              <Card
                key={f.key}
                size="small"
                type="inner"
                title={`项目 ${i + 1}`}
                extra={
                  fields.length > 1 && (
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={`删除项目 ${i + 1}`} onClick={() => remove(f.name)} />
                  )
                }
              >
                <Row gutter={12}>
                  <Col xs={24} md={12}>
                    <Form.Item name={[f.name, 'name']} label="项目名称" required rules={[ruleOf(line.name)]}>
                      <Input maxLength={64} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={6}>
                    <Form.Item name={[f.name, 'price']} label="单价（元）" required rules={[ruleOf(line.unit_fen, yuanToFen)]}>
                      <InputNumber min={0} max={FEN_MAX / 100} precision={2} prefix="¥" style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={6}>
                    <Form.Item name={[f.name, 'unit']} label="单位" required>
                      <Select options={UNIT_OPTIONS} aria-label="单位" />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={6}>
                    <Form.Item name={[f.name, 'count']} label="数量" required rules={[ruleOf(line.count)]}>
                      <InputNumber min={1} max={COUNT_MAX} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={6}>
                    <Form.Item name={[f.name, 'turnaround_days']} label="周期（工作日）" required rules={[ruleOf(line.turnaround_days)]}>
                      <InputNumber min={1} max={365} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name={[f.name, 'description']} label="项目说明" rules={[ruleOf(line.description)]}>
                      <Input maxLength={500} placeholder="选填：方法、条件、交付内容" />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>
            ))}
            {fields.length < QUOTE_LINES_MAX && (
              <Button icon={<PlusOutlined />} onClick={() => add({ ...emptyLine })}>
                添加项目
              </Button>
            )}
          </Space>
        )}
      </Form.List>
      <Row gutter={12}>
        <Col xs={24} md={8}>
          <Form.Item name="valid_until" label="报价有效期至" required rules={[{ required: true, message: '[有效期]不能为空' }]}>
            <DatePicker
              style={{ width: '100%' }}
              aria-label="报价有效期至"
              disabledDate={(d) => d.isBefore(dayjs(), 'day') || d.isAfter(dayjs().add(QUOTE_VALID_DAYS_MAX, 'day'), 'day')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="note" label="报价说明" rules={[ruleOf(demandQuoteBody.shape.note)]}>
            <Input.TextArea rows={2} maxLength={500} placeholder="选填，客户可见" />
          </Form.Item>
        </Col>
      </Row>
      <Space>
        <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => {})}>
          发送报价
        </Button>
        <Button onClick={onDone}>取消</Button>
      </Space>
    </Form>
  );
}
