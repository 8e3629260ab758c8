import type { OrderDetail } from '@yance/contracts/order';
import { SAMPLING_STATE_NAMES, type SamplingRequest } from '@yance/contracts/sampling';
import { Button, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { useWebSettings } from '@/lib/get-web-settings.ts';
import { useCancelSampling, useSamplingList } from '../api/sampling.ts';
import { formatTime } from '@/lib/format.ts';
import { PickupDialog, SelfSendDialog } from './sampling-dialog.tsx';
import { Panel } from '@/components/panel.tsx';
import styles from '@/styles/card-rows.module.css';
import { placeText } from '@yance/contracts/place';

/** What a request says: when and where the lab picks up, or the parcel's courier and number. */
const requestText = (r: SamplingRequest) =>
  r.type === 1 ? `${r.date} ${r.time} · ${r.name} ${r.phone} · ${placeText(r)}` : `${r.express_company} ${r.express_no}`;

/**
 * 取样信息 on the order detail: a 待取样 order books the pick-up (预约上门取样),
 * a 待寄样 order gives its tracking number (填写快递单号); the requests with 取消. `open` and `onOpenChange`
 * let the order's page open the dialog from its own 填写快递单号 / 预约上门取样 (ADR 0062).
 */
export function SamplingCard({
  order,
  open: asked,
  onOpenChange,
}: {
  order: OrderDetail;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const list = useSamplingList(order.id);
  const settings = useWebSettings();
  const cancel = useCancelSampling();
  const [own, setOwn] = useState(false);
  const open = asked ?? own;
  const setOpen = onOpenChange ?? setOwn;
  const waiting = order.state === 'awaitingPickup' || order.state === 'awaitingSample';
  const requests = list.data?.list ?? [];
  if (!waiting && requests.length === 0) return null;
  const active = requests.some((r) => r.state === 'active');
  const s = settings.data;
  return (
    <Panel title="取样信息">
      {requests.length > 0 && (
        <ul className={styles.rows} data-testid="sampling-requests">
          {requests.map((r) => (
            <li key={r.id} className={styles.row}>
              <div className={styles.rowMain}>
                <strong>
                  {r.type === 1 ? '上门取样' : '快递寄样'} <Tag>{SAMPLING_STATE_NAMES[r.state]}</Tag>
                </strong>
                <span className={styles.muted}>
                  {requestText(r)} · 提交于 {formatTime(r.createdAt)}
                </span>
                {r.type === 1 && r.state === 'active' && (
                  <span data-testid="sampling-collector">取样员：{r.collector ?? <span className={styles.muted}>待实验室安排</span>}</span>
                )}
                {r.message && <p className={styles.note}>留言：{r.message}</p>}
              </div>
              {r.cancellable && (
                <Popconfirm title="确定取消该取样信息？" okText="确定" cancelText="再想想" onConfirm={() => cancel.mutateAsync(r.id)}>
                  <Button size="small" danger loading={cancel.isPending}>
                    取消
                  </Button>
                </Popconfirm>
              )}
            </li>
          ))}
        </ul>
      )}
      {waiting && !active && (
        <Button type="primary" onClick={() => setOpen(true)} disabled={!s}>
          {order.state === 'awaitingPickup' ? '预约上门取样' : '填写快递单号'}
        </Button>
      )}
      {open &&
        s &&
        (order.state === 'awaitingPickup' ? (
          <PickupDialog orderId={order.id} setting={s.samplingSetting} regions={s.allowRegion} onClose={() => setOpen(false)} />
        ) : (
          <SelfSendDialog orderId={order.id} info={s.localInfo} onClose={() => setOpen(false)} />
        ))}
    </Panel>
  );
}
