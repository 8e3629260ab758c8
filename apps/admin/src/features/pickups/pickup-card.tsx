import type { PickupItem } from '@yance/contracts/pickup';
import { districtOf } from './pickup-query.ts';

/** One pick-up in a calendar cell: the order number, the district, the collector or 未分配 (orange); a cancelled one greyed out. */
export function PickupCard({ item, onOpen }: { item: PickupItem; onOpen: (i: PickupItem) => void }) {
  const off = !item.assignable && !item.assignee;
  const cls = ['pickup-card', item.state === 'cancelled' || off ? 'is-off' : item.assignee ? '' : 'is-open'].filter(Boolean).join(' ');
  return (
    <button type="button" className={cls} onClick={() => onOpen(item)} data-testid="pickup-card" data-order={item.orderNo}>
      <div className="pickup-no">{item.orderNo}</div>
      <div className="pickup-line">
        {districtOf(item)} · {item.sampleCount} 个样品
      </div>
      <div className="pickup-line">
        {item.state === 'cancelled' ? '已取消' : item.assignee ? item.assignee.name : <span className="pickup-unassigned">未分配</span>}
      </div>
    </button>
  );
}
