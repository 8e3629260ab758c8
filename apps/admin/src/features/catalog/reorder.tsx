import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';

/** The ids with the one at `index` moved one place up (-1) or down (+1). */
export function moved(ids: readonly number[], index: number, delta: -1 | 1): number[] {
  const next = [...ids];
  const to = index + delta;
  if (to < 0 || to >= next.length) return next;
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** 上移 / 下移 buttons of one row of an ordered list. */
export function MoveButtons({
  index,
  total,
  onMove,
  disabled,
}: {
  index: number;
  total: number;
  onMove: (delta: -1 | 1) => void;
  disabled?: boolean;
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
