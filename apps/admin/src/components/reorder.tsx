import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Space, type TableColumnType } from 'antd';

/** The ids with the one at `index` moved one place up (-1) or down (+1); the same ids at either end. */
export function moved(ids: readonly number[], index: number, delta: -1 | 1): number[] {
  const next = [...ids];
  const to = index + delta;
  if (to < 0 || to >= next.length) return next;
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** The sort value that puts a new row after every row (a fresh list starts at 0), kept within the contracts' 99 999. */
export const nextSort = (rows: readonly { sort: number }[]) => Math.min(99_999, Math.max(-1, ...rows.map((r) => r.sort)) + 1);

/** 上移 / 下移 buttons of one row of an ordered list. */
function MoveButtons({
  index,
  total,
  onMove,
  disabled,
}: {
  index: number;
  total: number;
  onMove: (delta: -1 | 1) => void;
  disabled: boolean;
}) {
  return (
    <Space size={0}>
      <Button
        type="text"
        size="small"
        icon={<ArrowUpOutlined />}
        aria-label="上移"
        disabled={disabled || index === 0}
        onClick={() => onMove(-1)}
      />
      <Button
        type="text"
        size="small"
        icon={<ArrowDownOutlined />}
        aria-label="下移"
        disabled={disabled || index === total - 1}
        onClick={() => onMove(1)}
      />
    </Space>
  );
}

/** The sort call of an ordered list (a mutation): takes all ids in their new order. */
interface Sorting {
  isPending: boolean;
  mutate: (ids: number[]) => void;
}

/** The 顺序 column every ordered list shares: a row moves one place per press; the buttons wait while a sort is saved. */
export function orderColumn<T extends { id: number }>(rows: readonly T[], sort: Sorting, width: number): TableColumnType<T> {
  const move = (index: number, delta: -1 | 1) =>
    sort.mutate(
      moved(
        rows.map((r) => r.id),
        index,
        delta,
      ),
    );
  return {
    title: '顺序',
    key: 'order',
    width,
    render: (_: unknown, _row, i) => <MoveButtons index={i} total={rows.length} disabled={sort.isPending} onMove={(d) => move(i, d)} />,
  };
}
