import { TOPUP_STATE_NAMES } from '@yance/contracts/ledger';
import { formatFen } from '@yance/browser/format';
import { Alert, Spin, type AlertProps } from 'antd';
import { useSearchParams } from 'react-router';
import { useTopupWatch, type TopupWatch } from '../hooks/use-topup-watch.ts';

/** How long the return page waits for the gateway's callback before saying it is still being confirmed. */
const GIVE_UP_MS = 30_000;

/**
 * What the banner says in each state of the watch. An order's online payment
 * (待付款's return, or a trade that pays orders) is named as what it is, 订单支付,
 * never a 充值单 (issue 21).
 */
function banner(watch: TopupWatch, no: string, payment: boolean): Pick<AlertProps, 'type' | 'title' | 'description' | 'icon'> {
  const forOrders = payment || !!watch.topup?.payOrderIds.length;
  const what = forOrders ? '订单支付' : '充值单';
  switch (watch.status) {
    case 'credited': {
      const t = watch.topup;
      if (forOrders) return { type: 'success', title: '支付成功', description: `已支付 ${formatFen(t.amountFen)}，订单已付款。` };
      const bonus = t.bonusFen > 0 ? `，赠送 ${formatFen(t.bonusFen)}` : '';
      return { type: 'success', title: '充值成功', description: `充值单 ${t.no} 已到账 ${formatFen(t.amountFen)}${bonus}。` };
    }
    case 'ended':
      return {
        type: 'warning',
        title: `${what}${TOPUP_STATE_NAMES[watch.topup.state]}`,
        description: `${what} ${no} 未到账；如已付款，请联系客服。`,
      };
    case 'timeout':
      return {
        type: 'info',
        title: '支付结果确认中，可稍后刷新',
        description: forOrders
          ? `订单支付 ${no}：付款到账后，订单会自动变为已付款。`
          : `充值单 ${no}：付款到账后，余额和充值记录会自动更新。`,
      };
    default:
      return { type: 'info', icon: <Spin size="small" />, title: '正在确认支付结果…', description: `${what} ${no}` };
  }
}

/**
 * The banner after a gateway returns the customer (?topup=TU…): waits for the
 * callback to credit the top-up, then says what arrived; after ~30 s it says
 * the result is still being confirmed (the callback may come later).
 */
export function TopupResult({ no, payment, onClose }: { no: string; payment: boolean; onClose: () => void }) {
  const watch = useTopupWatch(no, GIVE_UP_MS);
  return (
    <div data-testid="topup-result" data-status={watch.status}>
      <Alert showIcon closable={{ onClose, 'aria-label': '关闭' }} {...banner(watch, no, payment)} />
    </div>
  );
}

/** A top-up's number as the server makes it (TU + day + id); anything else in ?topup= is ignored. */
const TOPUP_NO = /^TU\d{14,}$/;

/**
 * The page a gateway returns to (?topup=TU…: 预存中心 after a top-up, 待付款
 * after paying an order — `payment`): its banner, closed by dropping the parameter.
 */
export function TopupReturn({ payment = false }: { payment?: boolean }) {
  const [search, setSearch] = useSearchParams();
  const returned = search.get('topup');
  if (!returned || !TOPUP_NO.test(returned)) return null;
  const drop = () => {
    const next = new URLSearchParams(search);
    next.delete('topup');
    setSearch(next, { replace: true });
  };
  return <TopupResult no={returned} payment={payment} onClose={drop} />;
}
